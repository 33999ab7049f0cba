import { matchRoutes } from '@remix-run/react'
import type { NextFunction, Request, Response } from 'express'
import { metrics, statusClass } from '#core/platform/metrics.ts'

type RouteManifest = Record<string, { id: string; parentId?: string; path?: string; index?: boolean }>
type RouteNode = Parameters<typeof matchRoutes>[0][number]

const AREAS = new Set(['marketing', 'auth', 'studio', 'brochures', 'staff', 'api', 'files'])

function tree(manifest: RouteManifest, parentId?: string): RouteNode[] {
	return Object.values(manifest)
		.filter((route) => route.parentId === parentId)
		.map(({ id, path, index }): RouteNode => (index ? { id, path, index } : { id, path, children: tree(manifest, id) }))
}

/** "routes/_studio+/property-studio.$id" → "studio"; a route outside the area folders → "other". */
function areaOfRoute(id: string) {
	const folder = /^routes\/_?([a-z]+)\+\//.exec(id)?.[1]
	return folder && AREAS.has(folder) ? folder : 'other'
}

/**
 * The area (the route folder) a path is served by, so the duration histogram has a handful of
 * label values whatever URLs arrive. A single-fetch data request (`/studio.data`, `/_root.data`)
 * counts as its page's.
 */
export function routeAreas(manifest: RouteManifest) {
	const routes = tree(manifest)
	const known = new Map<string, string>()
	return (pathname: string) => {
		const path = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '')
		let area = known.get(path)
		if (area) return area
		const matches = matchRoutes(routes, path)
		area = matches ? areaOfRoute(matches[matches.length - 1].route.id ?? '') : 'other'
		// Paths are unbounded (ids in them): the memo is only a cache, emptied when large.
		if (known.size >= 2000) known.clear()
		known.set(path, area)
		return area
	}
}

/**
 * Times every request to its last byte, labelled by route area and status class. The build's routes
 * are read when the request ends (in development the build changes under the server).
 */
export function requestDurations(build: () => Promise<{ routes: RouteManifest }>) {
	let areaOf: { manifest: RouteManifest; area: (pathname: string) => string } | undefined
	const areas = async () => {
		const { routes } = await build()
		if (areaOf?.manifest !== routes) areaOf = { manifest: routes, area: routeAreas(routes) }
		return areaOf.area
	}
	return (req: Request, res: Response, next: NextFunction) => {
		const started = process.hrtime.bigint()
		res.on('finish', () => {
			const seconds = Number(process.hrtime.bigint() - started) / 1e9
			areas().then(
				(area) =>
					metrics.httpRequestDuration.observe({ area: area(req.path), status: statusClass(res.statusCode) }, seconds),
				() => metrics.httpRequestDuration.observe({ area: 'other', status: statusClass(res.statusCode) }, seconds),
			)
		})
		next()
	}
}
