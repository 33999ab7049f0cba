import path from 'node:path'
import { precompressedAssets } from './utils/compression.server.ts'
import { createRequestHandler } from './utils/request-handler.server.ts'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import { buildDir } from '../scripts/build-dir.ts'
import { config } from '#core/platform/config.ts'
import { freePort } from '#core/platform/free-port.ts'
import { logger, redactSecrets } from '#core/platform/logger.ts'
import { serveMetrics } from '#core/platform/metrics-server.ts'
import { serveReadiness } from '#core/platform/readiness.ts'
import { accessTokenGuard } from './utils/access-token.server.ts'
import { requestDurations } from './utils/request-metrics.server.ts'
import { rejectCrossOrigin } from './utils/request.server.ts'
import { sweepAbandonedUploads } from './utils/upload.server.ts'

/**
 * The web door: its figures and readiness (neither logged nor timed, as scrapers and balancers ask
 * every few seconds), static assets, a log line and a timing per request, the origin guard, then Remix.
 */
export async function createHttpApp({ dev }: { dev: boolean }) {
	// A process killed mid-upload left its temp files; they go before this one takes any.
	const swept = await sweepAbandonedUploads()
	if (swept) logger.info({ folders: swept }, 'removed the uploads of processes that are gone')
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', config().trustProxy)

	app.get('/metrics', (req, res) => void serveMetrics(req, res, config().metrics.token))
	app.get('/ready', (_req, res) => void serveReadiness(res))
	let build: ServerBuild | (() => Promise<ServerBuild>) | undefined
	app.use(requestDurations(async () => (typeof build === 'function' ? build() : build!)))

	// Request lines are info; above that level no request pays for a listener.
	if (logger.isLevelEnabled('info'))
		app.use((req, res, next) => {
			const started = performance.now()
			res.on('finish', () => {
				const ms = Math.round(performance.now() - started)
				logger.info({ method: req.method, url: redactSecrets(req.originalUrl), status: res.statusCode, ms }, 'request')
			})
			next()
		})

	app.use(rejectCrossOrigin)
	app.use(accessTokenGuard)

	if (dev) {
		// Vite's hot-reload socket defaults to port 24678, so a second dev server on the machine (another
		// checkout, a test run) failed to bind it: each takes a free port of its own.
		const hmr = { port: await freePort() }
		const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true, hmr } }))
		app.use(vite.middlewares)
		build = () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
	} else {
		const client = path.join(buildDir, 'client')
		const assets = express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false })
		const publicFiles = express.static(client, { maxAge: '1h' })
		app.use('/assets', precompressedAssets(path.join(client, 'assets')), assets)
		// Only paths that look like files touch the disk: API calls and pages skip the stat.
		app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
		build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild
	}

	app.all(
		'*',
		createRequestHandler({
			build: build!,
			mode: dev ? 'development' : 'production',
			getLoadContext: (req) => ({ clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown' }),
		}),
	)
	return app
}
