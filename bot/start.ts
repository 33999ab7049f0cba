import { GrammyError, HttpError, webhookCallback } from 'grammy'
import { config } from '#core/platform/config.ts'
import { logger } from '#core/platform/logger.ts'
import { registerRunningBot } from '#core/telegram/running-bot.ts'
import { webhookSecrets, webhookUrl } from '#core/telegram/webhook-secrets.ts'
import type { TelegramSettings } from './api.ts'
import { createBot } from './create-bot.ts'
import { COMMANDS } from './help.ts'

/** The updates the bot handles; Telegram sends nothing else. */
const ALLOWED_UPDATES = ['message', 'callback_query'] as const

export interface RunningBot {
	username: string
	mode: 'polling' | 'webhook'
	stop(): Promise<void>
}

/** One line an operator can act on; never a stack trace, never a retry loop. */
function telegramFailure(what: string, error: unknown) {
	if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404))
		return `${what}: Telegram refused TELEGRAM_BOT_TOKEN (${error.error_code} ${error.description}); get a valid token from @BotFather`
	if (error instanceof GrammyError && error.error_code === 409)
		return `${what}: another process is already receiving this bot's updates (409 Conflict); run one poller, or set TELEGRAM_WEBHOOK_URL`
	if (error instanceof HttpError) return `${what}: could not reach Telegram (${error.message})`
	return `${what}: ${error instanceof Error ? error.message : String(error)}`
}

const STOP_WAIT_MS = 3000
// A network that drops packets must not hold the web's start for the client's default of minutes.
const START_TIMEOUT_MS = 15_000

/**
 * Starts the bot if TELEGRAM_BOT_TOKEN is set: asks Telegram who it is once (a bad token ends
 * here, with one line, and the rest of Rendo keeps running), then registers the webhook when
 * TELEGRAM_WEBHOOK_URL is set, or long-polls. Updates are handled quickly: downloads and
 * renders are jobs, so nothing slow sits in the polling loop.
 */
export async function startTelegramBot(
	settings: (TelegramSettings & { webhookUrl?: string }) | undefined = config().telegram,
	report: (line: string) => void = console.error,
): Promise<RunningBot | null> {
	if (!settings) return null
	const bot = createBot(settings)
	try {
		bot.botInfo = await bot.api.getMe(AbortSignal.timeout(START_TIMEOUT_MS) as Parameters<typeof bot.api.getMe>[0])
	} catch (error) {
		report(telegramFailure('Telegram bot not started', error))
		return null
	}
	const username = bot.botInfo.username
	// The command menu is a convenience: Telegram failing to take it does not stop the bot.
	await bot.api
		.setMyCommands(COMMANDS)
		.catch((error: unknown) => logger.warn({ err: error }, 'telegram setMyCommands failed'))

	if (settings.webhookUrl) {
		const secrets = webhookSecrets(settings.token)
		try {
			await bot.api.setWebhook(webhookUrl(settings.webhookUrl, settings.token), {
				secret_token: secrets.header,
				allowed_updates: [...ALLOWED_UPDATES],
			})
		} catch (error) {
			report(telegramFailure('Telegram webhook not registered', error))
			return null
		}
		// grammY answers 401 when X-Telegram-Bot-Api-Secret-Token is missing or wrong.
		const handle = webhookCallback(bot, 'std/http', { secretToken: secrets.header })
		registerRunningBot({ username, webhook: { pathSecret: secrets.path, handle } })
		logger.info({ username }, 'telegram bot receives updates by webhook')
		return { username, mode: 'webhook', stop: async () => registerRunningBot(null) }
	}

	bot
		.start({ allowed_updates: [...ALLOWED_UPDATES] })
		.catch((error) => report(telegramFailure('Telegram bot stopped', error)))
	registerRunningBot({ username })
	logger.info({ username }, 'telegram bot is long polling')
	return {
		username,
		mode: 'polling',
		async stop() {
			registerRunningBot(null)
			// Confirming the last update is worth a moment at shutdown, not a hang when Telegram is away.
			await Promise.race([bot.stop(), new Promise<void>((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())])
		},
	}
}
