import type { Context, NextFunction } from 'grammy'
import { ForbiddenError, InputError, NotFoundError, RateLimitError, UnauthenticatedError } from '#core/errors.ts'
import { logger } from '#core/platform/logger.ts'
import type { LinkedUser } from '#core/telegram/links.ts'

/** Every update knows who it acts for: the linked Rendo user, or null. */
export type BotContext = Context & { linked: LinkedUser | null }

/** The linked user of an update that came through the gate in link.ts. */
export function linkedUser(ctx: BotContext): LinkedUser {
	if (!ctx.linked) throw new Error('An update from an unlinked user passed the gate')
	return ctx.linked
}

const SOMETHING_WENT_WRONG = 'Something went wrong on our side. Please try again in a minute.'

/** Core's refusals become the user's answer, in core's words; anything else is our bug. */
function answerFor(error: unknown) {
	if (
		error instanceof InputError ||
		error instanceof ForbiddenError ||
		error instanceof NotFoundError ||
		error instanceof RateLimitError ||
		error instanceof UnauthenticatedError
	)
		return error.message
	return null
}

/**
 * Outermost middleware: a refusal is answered where the user acted (a button's alert or a reply)
 * and nothing escapes, so a webhook never answers 500 and Telegram never re-sends the update.
 */
export async function answerErrors(ctx: BotContext, next: NextFunction) {
	try {
		await next()
	} catch (error) {
		let text = answerFor(error)
		if (text === null) {
			logger.error({ err: error, updateId: ctx.update.update_id }, 'telegram update failed')
			text = SOMETHING_WENT_WRONG
		}
		const answer = ctx.callbackQuery
			? ctx.answerCallbackQuery({ text, show_alert: true })
			: ctx.chat
				? ctx.reply(text)
				: null
		await answer?.catch((replyError: unknown) => logger.warn({ err: replyError }, 'telegram error answer failed'))
	}
}
