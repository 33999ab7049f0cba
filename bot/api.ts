import { setTimeout as sleep } from 'node:timers/promises'
import { Api, GrammyError, type Transformer } from 'grammy'
import { config } from '#core/platform/config.ts'

export interface TelegramSettings {
	token: string
	/** Telegram's Bot API, or a local Bot API server, or a test's fake one */
	apiRoot: string
}

// A flood wait longer than this is not slept through inside one call: the caller (a job) retries later.
const LONGEST_WAIT_SECONDS = 30
const ATTEMPTS = 3

/**
 * Telegram's rate limits: a 429 names how long to wait (retry_after). The call waits that long
 * and tries again, so a burst of albums to one chat slows down instead of failing.
 */
export const waitOnFloodControl: Transformer = async (prev, method, payload, signal) => {
	for (let attempt = 1; ; attempt++) {
		const result = await prev(method, payload, signal)
		const seconds = result.ok ? undefined : result.parameters?.retry_after
		if (
			result.ok ||
			result.error_code !== 429 ||
			attempt >= ATTEMPTS ||
			seconds === undefined ||
			seconds > LONGEST_WAIT_SECONDS
		)
			return result
		await sleep(seconds * 1000, undefined, { signal: signal as AbortSignal | undefined })
	}
}

/** Telegram refused an edit that would leave the message as it is: nothing to change, not a failure. */
export const notModified = (error: unknown) =>
	error instanceof GrammyError && error.description.includes('message is not modified')

/** An Api client with our transformers, for the jobs that talk to Telegram outside an update. */
export function createApi(settings: TelegramSettings) {
	const api = new Api(settings.token, { apiRoot: settings.apiRoot })
	api.config.use(waitOnFloodControl)
	return api
}

/** The configured bot's settings; jobs that reach this with the bot switched off fail loudly. */
export function telegramSettings(): TelegramSettings & { webhookUrl?: string } {
	const settings = config().telegram
	if (!settings) throw new Error('TELEGRAM_BOT_TOKEN is not set')
	return settings
}
