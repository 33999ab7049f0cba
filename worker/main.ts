/**
 * `npm run worker`: a separate job process for scaling out. Run the web with JOBS=off and as
 * many of these as the rendering load needs, all on the same PostgreSQL.
 */
import { ConfigError } from '#core/platform/config.ts'
import { onShutdown } from '#core/platform/shutdown.ts'
import { startDatabase } from '#core/platform/start-database.ts'

async function main() {
	const database = await startDatabase()
	const { startWorker } = await import('./runner.ts')
	const { closeDb } = await import('#core/platform/db.ts')
	const runner = await startWorker()
	console.log('Rendo worker is running')
	onShutdown(async () => {
		await runner.stop()
		await closeDb()
		await database.stop()
	})
}

main().catch((error) => {
	console.error(error instanceof ConfigError ? error.message : error)
	process.exit(1)
})
