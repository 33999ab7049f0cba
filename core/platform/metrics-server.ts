import { createHash, timingSafeEqual } from 'node:crypto'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ConfigError, config } from './config.ts'
import { metrics } from './metrics.ts'
import { serveReadiness } from './readiness.ts'

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether the bearer token matches, in time that does not depend on where they differ. */
function tokenMatches(header: string | undefined, token: string) {
	const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? ''
	return timingSafeEqual(digest(given), digest(token))
}

/**
 * A request from this machine, not relayed: a reverse proxy on the same machine connects from
 * loopback too, so a request that says it was forwarded counts as from outside.
 */
function fromLoopback(req: IncomingMessage) {
	const address = req.socket.remoteAddress ?? ''
	const loopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
	const relayed = req.headers['x-forwarded-for'] || req.headers.forwarded || req.headers['x-real-ip']
	return loopback && !relayed
}

/**
 * Who may read the figures: with a token, whoever sends it (401 otherwise); without one, only
 * this machine (404 for anyone else, as if there were nothing here).
 */
export function metricsAccess(req: IncomingMessage, token: string | undefined): 200 | 401 | 404 {
	if (token) return tokenMatches(req.headers.authorization, token) ? 200 : 401
	return fromLoopback(req) ? 200 : 404
}

/** Answers a request for /metrics: the registry's text, or a refusal that shows no figure. */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, token: string | undefined) {
	const access = metricsAccess(req, token)
	res.setHeader('Cache-Control', 'no-store')
	if (access !== 200) {
		if (access === 401) res.setHeader('WWW-Authenticate', 'Bearer')
		res.writeHead(access, { 'Content-Type': 'text/plain; charset=utf-8' })
		res.end(access === 401 ? 'Unauthorized\n' : 'Not Found\n')
		return
	}
	try {
		const body = await metrics.registry.metrics()
		res.writeHead(200, { 'Content-Type': metrics.registry.contentType })
		res.end(body)
	} catch {
		res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
		res.end('Metrics unavailable\n')
	}
}

/**
 * The worker's and the bot's /metrics and /ready: a small server of its own on METRICS_PORT, on
 * loopback unless a token guards the figures. /ready follows the web's rules (503 while draining,
 * with the database unreachable or the schema behind) and, like the web's, needs no token: it
 * shows no figure. Anything else is a 404.
 */
export async function startMetricsServer({ port, token }: { port: number; token: string | undefined }) {
	const server = http.createServer((req, res) => {
		const path = new URL(req.url ?? '/', 'http://x').pathname
		if (req.method === 'GET' && path === '/metrics') void serveMetrics(req, res, token)
		else if (req.method === 'GET' && path === '/ready') void serveReadiness(res)
		else res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found\n')
	})
	// Scrapers keep connections open; they must not hold a shutdown.
	server.keepAliveTimeout = 5_000
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(port, token ? undefined : '127.0.0.1', () => resolve())
	})
	return {
		port: (server.address() as AddressInfo).port,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve())
				server.closeAllConnections()
			}),
	}
}

/**
 * The worker's or the bot's metrics server when METRICS_PORT is set (off otherwise). A port
 * already taken stops the process with one line, as a bad variable does.
 */
export async function startConfiguredMetricsServer() {
	const { port, token } = config().metrics
	if (!port) return undefined
	try {
		return await startMetricsServer({ port, token })
	} catch (error) {
		if ((error as { code?: string }).code === 'EADDRINUSE')
			throw new ConfigError(`Invalid configuration: METRICS_PORT: port ${port} is already in use`)
		throw error
	}
}
