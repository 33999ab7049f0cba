import { createHmac, timingSafeEqual } from 'node:crypto'

/** Where the web serves Telegram's webhook; the last segment is secret. */
const WEBHOOK_PATH = '/telegram/webhook'

/**
 * The webhook's secret path segment and the `secret_token` Telegram sends back in
 * `X-Telegram-Bot-Api-Secret-Token`, both derived from the bot token: nothing more to configure,
 * and a new token from BotFather rotates them. base64url fits Telegram's allowed characters.
 */
export function webhookSecrets(botToken: string) {
	const derive = (purpose: string) =>
		createHmac('sha256', botToken).update(`rendo-telegram-${purpose}`).digest('base64url')
	return { path: derive('webhook-path').slice(0, 32), header: derive('webhook-header') }
}

export function webhookUrl(publicUrl: string, botToken: string) {
	return `${publicUrl.replace(/\/+$/, '')}${WEBHOOK_PATH}/${webhookSecrets(botToken).path}`
}

/** Compares secrets without leaking through timing how much of a guess was right. */
export function sameSecret(given: string, expected: string) {
	const a = Buffer.from(given)
	const b = Buffer.from(expected)
	return a.length === b.length && timingSafeEqual(a, b)
}
