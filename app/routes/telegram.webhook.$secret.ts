import type { ActionFunctionArgs } from '@remix-run/node'
import { runningBot } from '#core/telegram/running-bot.ts'
import { sameSecret } from '#core/telegram/webhook-secrets.ts'

/**
 * Telegram's webhook, when the bot runs with TELEGRAM_WEBHOOK_URL: a secret path (404 for any
 * other), then the secret header, checked by the bot's handler (401 without it).
 */
export function action({ request, params }: ActionFunctionArgs) {
	const webhook = runningBot()?.webhook
	if (!webhook || !sameSecret(params.secret ?? '', webhook.pathSecret))
		return new Response('Not Found', { status: 404 })
	return webhook.handle(request)
}
