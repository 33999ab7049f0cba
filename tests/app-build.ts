import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { context, getRequest } from '#tests/request.ts'

type RouteModule = Record<string, unknown>

/** A route file of the app as the build places it: its id, its path under the root and its module. */
export type AppRoute = { id: string; path: string; module: RouteModule }

/**
 * The app's document handler (entry.server) with its root and the given routes, put together the way
 * Remix's build does: a request goes through the loaders, the headers, the meta and the error
 * boundaries as in production, without building the whole app.
 */
export async function appBuild(pages: AppRoute[]): Promise<ServerBuild> {
	const entry = await import('#app/entry.server.tsx')
	const root: RouteModule = await import('#app/root.tsx')
	const route = (id: string, module: RouteModule, at: { path?: string; parentId?: string }) => ({
		server: { id, ...at, module },
		browser: {
			id,
			...at,
			module: `/assets/${id}.js`,
			hasLoader: 'loader' in module,
			hasAction: 'action' in module,
			hasClientLoader: false,
			hasClientAction: false,
			hasErrorBoundary: 'ErrorBoundary' in module,
		},
	})
	const routes = [
		route('root', root, { path: '' }),
		...pages.map((page) => route(page.id, page.module, { path: page.path, parentId: 'root' })),
	]
	return {
		mode: 'production',
		entry: { module: entry },
		routes: Object.fromEntries(routes.map((r) => [r.server.id, r.server])),
		assets: {
			entry: { module: '/assets/entry.client.js', imports: [] },
			routes: Object.fromEntries(routes.map((r) => [r.browser.id, r.browser])),
			url: '/assets/manifest.js',
			version: 'test',
		},
		publicPath: '/',
		assetsBuildDirectory: 'build/client',
		future: {
			v3_fetcherPersist: true,
			v3_relativeSplatPath: true,
			v3_throwAbortReason: true,
			v3_lazyRouteDiscovery: true,
			v3_singleFetch: true,
		},
		isSpaMode: false,
	} as unknown as ServerBuild
}

/** A GET of `path` answered by those routes, as a browser's request would be. */
export async function requestPage(pages: AppRoute[], path: string, init: { cookie?: string } = {}) {
	const handle = createRequestHandler(await appBuild(pages), 'production')
	return handle(getRequest(path, init), context)
}
