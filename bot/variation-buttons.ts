import { Composer, InlineKeyboard } from 'grammy'
import type { InlineKeyboardButton } from 'grammy/types'
import { isEditKind } from '#core/edits/edit.schema.ts'
import { styleLabel } from '#core/studio/labels.ts'
import { remodelVariation, toggleFavorite } from '#core/telegram/variation-actions.ts'
import { callbackPattern, fullId, shortId } from './callback-data.ts'
import { linkedUser, type BotContext } from './context.ts'
import { roomEditButtons } from './room-edits.ts'

const heart = (isFavorite: boolean) => (isFavorite ? '♥' : '♡')

/**
 * ♡ 1 ♡ 2 ♡ 3 under an album (a media group takes no buttons), then 'Remodel' for one more of the
 * style, and 'Remove…' and 'Renovate…' for an edit of the room's photo. An edit's own image has
 * its hearts only: another edit starts again from the photo, which its buttons would not say.
 */
export function variationKeyboard(
	variations: Array<{ id: string; isFavorite: boolean }>,
	{ roomId, style }: { roomId: string; style: string },
) {
	const keyboard = new InlineKeyboard()
	variations.forEach((v, i) =>
		keyboard.text(
			variations.length > 1 ? `${heart(v.isFavorite)} ${i + 1}` : heart(v.isFavorite),
			`fv:${shortId(v.id)}`,
		),
	)
	if (isEditKind(style)) return keyboard
	return roomEditButtons(keyboard.row().text('Remodel', `rm:${shortId(variations[0].id)}`), roomId)
}

/** The same keyboard with one heart changed: the others show what they showed. */
function withHeart(rows: InlineKeyboardButton[][], data: string, isFavorite: boolean) {
	return rows.map((row) =>
		row.map((button) =>
			'callback_data' in button && button.callback_data === data
				? { ...button, text: button.text.replace(/^[♥♡]/, heart(isFavorite)) }
				: button,
		),
	)
}

/** ♥ and Remodel. The variation must be the linked user's own: a forged id changes nothing. */
export const variationButtons = new Composer<BotContext>()

variationButtons.callbackQuery(callbackPattern('fv', 1), async (ctx) => {
	const variation = await toggleFavorite(linkedUser(ctx).actor, fullId(ctx.match[1]))
	const rows = ctx.callbackQuery.message?.reply_markup?.inline_keyboard
	if (rows)
		await ctx.editMessageReplyMarkup({
			reply_markup: { inline_keyboard: withHeart(rows, ctx.callbackQuery.data, variation.isFavorite) },
		})
	await ctx.answerCallbackQuery({ text: variation.isFavorite ? 'Saved to favourites' : 'Removed from favourites' })
})

variationButtons.callbackQuery(callbackPattern('rm', 1), async (ctx) => {
	const { style } = await remodelVariation(linkedUser(ctx).actor, fullId(ctx.match[1]))
	await ctx.answerCallbackQuery({ text: `One more ${styleLabel(style)} variation is on its way.` })
})
