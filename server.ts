/**
 * `npm start`: one process with everything a fresh clone needs. It starts the embedded
 * PostgreSQL when DATABASE_URL is unset, migrates, builds the web app when the build is missing
 * or stale, serves it, and runs graphile-worker inline unless JOBS=off.
 */
import http from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Worker } from '#worker/runner.ts'
import { ensureBuild } from './scripts/ensure-build.ts'
import { provideBotGateway } from './bot/gateway-provider.ts'
import { config, ConfigError } from '#core/platform/config.ts'
import { closeDb } from '#core/platform/db.ts'
import { DRAIN_GRACE_MS, trackRequests } from '#core/platform/http-drain.ts'
import { startDraining } from '#core/platform/readiness.ts'
import { onShutdown } from '#core/platform/shutdown.ts'
import { startDatabase } from '#core/platform/start-database.ts'

async function main() {
	const c = config()
	const dev = process.argv.includes('--dev')
	const database = await startDatabase()

	if (!dev) await ensureBuild()
	// Loaded inside main: the logger reads config() as it loads, and a bad variable must end in
	// main's one-line message, not an import's stack trace.
	const { logger } = await import('#core/platform/logger.ts')
	const { createHttpApp } = await import('#app/http.server.ts')
	const app = await createHttpApp({ dev })
	const server = http.createServer(app)
	const requests = trackRequests(server)
	await new Promise<void>((resolve) => server.listen(c.port, c.host, resolve))
	let runner: Worker | undefined
	// The inline jobs reach Telegram through the bot door's gateway, put in place here.
	provideBotGateway()
	if (c.jobs.inline) runner = await (await import('#worker/runner.ts')).startWorker()
	// Off without TELEGRAM_BOT_TOKEN; a token Telegram refuses is one line, and the web runs on.
	const telegram = c.telegram ? await (await import('./bot/start.ts')).startTelegramBot() : null

	onShutdown(async (signal, again) => {
		// Not ready from now on (/ready answers 503), before anything closes.
		startDraining()
		// A balancer polling /ready needs a few polls to take this process out; until then it sends
		// new connections here, so they are taken and served as before for DRAIN_READY_GRACE_MS.
		// Supervisors and orchestrators stop with SIGTERM; SIGINT is a person at a terminal (Ctrl-C),
		// with no balancer to wait for. A second signal ends the wait.
		const graceMs = signal === 'SIGTERM' ? c.drainReadyGraceMs : 0
		logger.info({ signal, graceMs }, 'shutting down')
		if (graceMs > 0 && !again.aborted) {
			const hurried = () => logger.info('signalled again: closing the port now')
			again.addEventListener('abort', hurried, { once: true })
			await sleep(graceMs, undefined, { signal: again }).catch(() => {})
			again.removeEventListener('abort', hurried)
		}
		// New connections are refused; requests in progress (an upload streaming in) finish, for
		// DRAIN_GRACE_MS at most; the jobs in hand finish or go back to the queue meanwhile.
		await Promise.all([requests.drain({ graceMs: DRAIN_GRACE_MS }), runner?.stop(), telegram?.stop()])
		await closeDb()
		await database.stop()
	})

	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : c.port
	console.log(
		`Rendo is running at http://${c.host}:${port}${
			database.embedded ? ` (embedded PostgreSQL in ${c.embeddedPg.dir})` : ''
		}`,
	)
}

main().catch((error) => {
	if (error instanceof ConfigError) console.error(error.message)
	else console.error(error)
	process.exit(1)
})
