/**
 * `npm run bot`: the Telegram bot on its own, by long polling, with the jobs inline unless
 * JOBS=off (the photos it takes in are downloaded and rendered by jobs). Run this or `npm start`
 * with the token, not both: Telegram gives a bot's updates to one poller.
 */
import { ConfigError, config } from '#core/platform/config.ts'
import { closeDb } from '#core/platform/db.ts'
import { startConfiguredMetricsServer } from '#core/platform/metrics-server.ts'
import { startDraining } from '#core/platform/readiness.ts'
import { onShutdown } from '#core/platform/shutdown.ts'
import { startDatabase } from '#core/platform/start-database.ts'
import { provideBotGateway } from './gateway-provider.ts'

async function main() {
	const c = config()
	if (!c.telegram) throw new ConfigError('TELEGRAM_BOT_TOKEN is not set: there is no bot to run')
	if (c.telegram.webhookUrl)
		throw new ConfigError('TELEGRAM_WEBHOOK_URL is set: Telegram sends the updates to the web server (npm start)')
	// Before the database: a METRICS_PORT already taken ends the start before it is touched.
	const metricsServer = await startConfiguredMetricsServer()
	const database = await startDatabase()
	// Loaded inside main: the logger reads config() as it loads, and a bad variable must end in
	// main's one-line message, not an import's stack trace.
	const { startTelegramBot } = await import('./start.ts')
	const bot = await startTelegramBot()
	if (!bot) {
		await metricsServer?.close()
		await closeDb()
		await database.stop()
		process.exit(1)
	}
	// The inline jobs reach Telegram through this door's gateway.
	provideBotGateway()
	const runner = c.jobs.inline ? await (await import('#worker/runner.ts')).startWorker() : undefined
	onShutdown(async () => {
		// /ready on METRICS_PORT answers 503 while the bot and its jobs stop; the port closes after them.
		startDraining()
		await bot.stop()
		await runner?.stop()
		await metricsServer?.close()
		await closeDb()
		await database.stop()
	})
	console.log(`Rendo's Telegram bot @${bot.username} is running`)
}

main().catch((error) => {
	console.error(error instanceof ConfigError ? error.message : error)
	process.exit(1)
})
