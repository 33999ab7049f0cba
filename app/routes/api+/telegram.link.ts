import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { requireUser } from '#core/accounts/actor.ts'
import { createLinkCode, removeTelegramLink, telegramLinkOf } from '#core/telegram/links.ts'
import { runningBot } from '#core/telegram/running-bot.ts'

export const BOT_NOT_RUNNING = 'The Telegram bot is not running right now. Please try again later.'

/** The dashboard's 'Connect Telegram': whether this process runs the bot, and the signed-in user's link. */
export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const actor = await getActor(request)
		requireUser(actor, 'read')
		return Response.json({ enabled: !!runningBot(), link: await telegramLinkOf(actor) })
	})
}

/** POST: a one-time code and its t.me link. DELETE: removes the link. */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const actor = await getActor(request)
		requireUser(actor)
		if (request.method === 'DELETE') return Response.json(await removeTelegramLink(actor))
		if (request.method !== 'POST') return Response.json({ message: 'Method not allowed' }, { status: 405 })
		const bot = runningBot()
		if (!bot) return Response.json({ message: BOT_NOT_RUNNING }, { status: 503 })
		const { code, expiresAt } = await createLinkCode(actor)
		return Response.json(
			{ code, expiresAt, botUsername: bot.username, url: `https://t.me/${bot.username}?start=${code}` },
			{ status: 201 },
		)
	})
}
