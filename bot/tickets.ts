import { Composer, InlineKeyboard } from 'grammy'
import { pluralise } from '#core/studio/labels.ts'
import { TICKET_STATUS_LABELS } from '#core/tickets/ticket.schema.ts'
import { getTicket, listOwnTickets, type TicketView } from '#core/tickets/tickets.ts'
import { buttonText, callbackPattern, fullId, shortId } from './callback-data.ts'
import { linkedUser, type BotContext } from './context.ts'

const NO_TICKETS = 'You have not reported any issues. Use /report to tell us what went wrong.'
const LISTED_TICKETS = 10

/** One ticket as the reporter may see it: the staff's public replies, never internal notes (core filters them). */
function ticketText(ticket: TicketView) {
	const lines = [
		`${ticket.ticketNumber} · ${TICKET_STATUS_LABELS[ticket.status]}`,
		ticket.title,
		'',
		ticket.description,
	]
	if (ticket.resolution) lines.push('', `Resolution: ${ticket.resolution}`)
	lines.push(
		'',
		...(ticket.comments.length ? ticket.comments.map((c) => `${c.author}: ${c.comment}`) : ['No replies yet.']),
	)
	return lines.join('\n')
}

/** /tickets: the agent's own reports with their status; a button opens one with its replies. */
export const tickets = new Composer<BotContext>()

tickets.command('tickets', async (ctx) => {
	const mine = (await listOwnTickets(linkedUser(ctx).actor)).slice(0, LISTED_TICKETS)
	if (!mine.length) return ctx.reply(NO_TICKETS)
	const keyboard = new InlineKeyboard()
	for (const ticket of mine)
		keyboard.text(buttonText(`${ticket.ticketNumber} · ${ticket.title}`), `tk:${shortId(ticket.id)}`).row()
	const lines = mine.map(
		(t) =>
			`${t.ticketNumber} · ${TICKET_STATUS_LABELS[t.status]} · ${pluralise(t.comments.length, 'reply', 'replies')}\n${t.title}`,
	)
	await ctx.reply(`Your tickets (tap one to read it):\n\n${lines.join('\n\n')}`, { reply_markup: keyboard })
})

tickets.callbackQuery(callbackPattern('tk', 1), async (ctx) => {
	const ticket = await getTicket(linkedUser(ctx).actor, fullId(ctx.match[1]))
	await ctx.answerCallbackQuery()
	await ctx.reply(ticketText(ticket))
})
