import { data, redirect } from '@remix-run/node'
import type { TelegramConnectReply } from '#app/components/telegram/connect-telegram.tsx'
import { BOT_NOT_RUNNING } from '#app/routes/api+/telegram.link.ts'
import type { IntentHandlers } from '#app/utils/intents.server.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { createLinkCode, removeTelegramLink, telegramLinkOf } from '#core/telegram/links.ts'
import { runningBot } from '#core/telegram/running-bot.ts'

export type DashboardIntentContext = { actor: Actor }

/** The dashboard's 'Connect Telegram' card: whether this process runs the bot, and the user's link. */
export async function telegramStatus(actor: Actor) {
	return { enabled: !!runningBot(), link: await telegramLinkOf(actor) }
}

/** 'Connect Telegram': a one-time code and its t.me link, shown in place (the agent uses it in Telegram). */
async function connect({ actor }: DashboardIntentContext) {
	const bot = runningBot()
	if (!bot) return data({ code: null, error: BOT_NOT_RUNNING } satisfies TelegramConnectReply, { status: 503 })
	const { code, expiresAt } = await createLinkCode(actor)
	const url = `https://t.me/${bot.username}?start=${code}`
	return data({ code: { code, expiresAt, botUsername: bot.username, url }, error: null } satisfies TelegramConnectReply)
}

/** 'Disconnect': removes the link, then the dashboard again. */
async function disconnect({ actor }: DashboardIntentContext) {
	await removeTelegramLink(actor)
	return redirect('/dashboard')
}

export const telegramIntents: IntentHandlers<DashboardIntentContext> = {
	'telegram-connect': connect,
	'telegram-disconnect': disconnect,
}
