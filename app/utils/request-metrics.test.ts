import type { AddressInfo } from 'node:net'
import { defineRoutes } from '@remix-run/dev/dist/config/routes.js'
import express from 'express'
import { expect, test } from 'vitest'
import { metrics } from '#core/platform/metrics.ts'
import { routeFolders } from '../../scripts/route-folders.ts'
import { requestDurations, routeAreas } from './request-metrics.server.ts'

// The app's real route table, as the build carries it (its routes hang under the root route).
const routes = { root: { id: 'root', path: '' }, ...routeFolders(defineRoutes) }

test('a path is labelled with the folder of the route that serves it, never the URL', () => {
	const area = routeAreas(routes)
	expect(area('/')).toBe('marketing')
	expect(area('/pricing.data')).toBe('marketing')
	expect(area('/_root.data')).toBe('marketing')
	expect(area('/login')).toBe('auth')
	expect(area('/api/property-studio/projects/4b8c1f0e-0000-4000-8000-000000000000')).toBe('api')
	expect(area('/health')).toBe('other')
	expect(area('/no/such/page')).toBe('other')
})

test('after a page and an API call, the duration histogram has their areas and status classes', async () => {
	const app = express()
	app.use(requestDurations(async () => ({ routes })))
	// Stand-ins for Remix's answers: a page, and the JSON API refusing a caller without a session.
	app.get('/pricing', (_req, res) => void res.send('<html>pricing</html>'))
	app.get('/api/property-studio/projects', (_req, res) => void res.status(401).json({ message: 'Unauthorized' }))
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	const count = async (area: string, status: string) =>
		(await metrics.httpRequestDuration.get()).values.find(
			(v) =>
				v.metricName === 'rendo_http_request_duration_seconds_count' &&
				v.labels.area === area &&
				v.labels.status === status,
		)?.value ?? 0
	try {
		const before = { page: await count('marketing', '2xx'), api: await count('api', '4xx') }
		expect((await fetch(`${base}/pricing`)).status).toBe(200)
		expect((await fetch(`${base}/api/property-studio/projects`)).status).toBe(401)
		await expect.poll(() => count('marketing', '2xx')).toBe(before.page + 1)
		await expect.poll(() => count('api', '4xx')).toBe(before.api + 1)
		const text = await metrics.registry.metrics()
		expect(text).toMatch(/^rendo_http_request_duration_seconds_count\{area="marketing",status="2xx"\} \d+$/m)
		expect(text).not.toContain('/pricing')
	} finally {
		server.closeAllConnections()
		await new Promise((resolve) => server.close(resolve))
	}
})
