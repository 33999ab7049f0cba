import { data, redirect } from '@remix-run/node'
import type { TelegramConnectReply } from '#app/components/telegram/connect-telegram.tsx'
import { BOT_NOT_RUNNING } from '#app/routes/api+/telegram.link.ts'
import type { IntentHandlers } from '#app/utils/intents.server.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { createLinkCode, removeTelegramLink, telegramLinkOf } from '#core/telegram/links.ts'
import { runningBot } from '#core/telegram/running-bot.ts'

/** The page the Telegram card sits on (the dashboard, the account page): its actions answer there. */
export type TelegramIntentContext = { actor: Actor; page: string }

/** The 'Connect Telegram' card: whether this process runs the bot, and the user's link. */
export async function telegramStatus(actor: Actor) {
	return { enabled: !!runningBot(), link: await telegramLinkOf(actor) }
}

/** 'Connect Telegram': a one-time code and its t.me link, shown in place (the agent uses it in Telegram). */
async function connect({ actor }: TelegramIntentContext) {
	const bot = runningBot()
	if (!bot) return data({ code: null, error: BOT_NOT_RUNNING } satisfies TelegramConnectReply, { status: 503 })
	const { code, expiresAt } = await createLinkCode(actor)
	const url = `https://t.me/${bot.username}?start=${code}`
	return data({ code: { code, expiresAt, botUsername: bot.username, url }, error: null } satisfies TelegramConnectReply)
}

/** 'Disconnect': removes the link, then the page the card is on again. */
async function disconnect({ actor, page }: TelegramIntentContext) {
	await removeTelegramLink(actor)
	return redirect(page)
}

export const telegramIntents: IntentHandlers<TelegramIntentContext> = {
	'telegram-connect': connect,
	'telegram-disconnect': disconnect,
}
