import { Bot } from 'grammy'
import type { UserFromGetMe } from 'grammy/types'
import { logger } from '#core/platform/logger.ts'
import { findLinkedUser } from '#core/telegram/links.ts'
import { waitOnFloodControl, type TelegramSettings } from './api.ts'
import { answerErrors, type BotContext } from './context.ts'
import { help } from './help.ts'
import { link } from './link.ts'
import { photoIntake } from './photo-intake.ts'
import { report } from './report.ts'
import { roomEdits } from './room-edits.ts'
import { status } from './status.ts'
import { tickets } from './tickets.ts'
import { variationButtons } from './variation-buttons.ts'

export interface BotOptions extends TelegramSettings {
	/** getMe's answer when already known, so handling an update needs no call first */
	botInfo?: UserFromGetMe
}

/**
 * The Telegram door: parses updates and calls core as the linked user. Every piece of state is
 * in PostgreSQL, so any number of these (a restart, a second process) carry on a conversation.
 */
export function createBot({ token, apiRoot, botInfo }: BotOptions) {
	const bot = new Bot<BotContext>(token, { client: { apiRoot }, botInfo })
	bot.api.config.use(waitOnFloodControl)
	// answerErrors catches everything; this only sees a failure of that answer itself.
	bot.catch((error) => logger.error({ err: error.error }, 'telegram update failed'))

	// Only one-to-one chats: a group would let others press the agent's buttons.
	const chat = bot.chatType('private')
	chat.use(answerErrors)
	chat.use(async (ctx, next) => {
		ctx.linked = await findLinkedUser(ctx.from.id)
		await next()
	})
	// report comes first: its text handler and the command reset see messages before the others
	chat.use(link, report, photoIntake, variationButtons, roomEdits, status, tickets, help)
	return bot
}
