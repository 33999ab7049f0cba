/**
 * `npm run worker`: a separate job process for scaling out. Run the web with JOBS=off and as
 * many of these as the rendering load needs, all on the same PostgreSQL.
 */
import { ConfigError } from '#core/platform/config.ts'
import { closeDb } from '#core/platform/db.ts'
import { startConfiguredMetricsServer } from '#core/platform/metrics-server.ts'
import { startDraining } from '#core/platform/readiness.ts'
import { onShutdown } from '#core/platform/shutdown.ts'
import { startDatabase } from '#core/platform/start-database.ts'
import { provideBotGateway } from '#bot/gateway-provider.ts'

async function main() {
	// First: a METRICS_PORT already taken ends the start before the database is touched.
	const metricsServer = await startConfiguredMetricsServer()
	const database = await startDatabase()
	// Loaded inside main: the logger reads config() as it loads, and a bad variable must end in
	// main's one-line message, not an import's stack trace.
	const { startWorker } = await import('./runner.ts')
	// This entry puts the process together: the Telegram jobs get the bot door's gateway, which
	// the task list itself never imports.
	provideBotGateway()
	const runner = await startWorker()
	onShutdown(async () => {
		// /ready on METRICS_PORT answers 503 while the jobs in hand finish or go back to the queue;
		// the port closes after them.
		startDraining()
		await runner.stop()
		await metricsServer?.close()
		await closeDb()
		await database.stop()
	})
	console.log('Rendo worker is running')
}

main().catch((error) => {
	console.error(error instanceof ConfigError ? error.message : error)
	process.exit(1)
})
