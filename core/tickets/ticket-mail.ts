import type { Tx } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { queueTelegramNotice } from '#core/telegram/notices.ts'
import { ISSUE_TYPE_LABELS, TICKET_STATUS_LABELS, type IssueType, type TicketStatus } from './ticket.schema.ts'

/** The worker's send_mail task (worker/tasks.ts): queued with the rows so a rollback sends nothing. */
const SEND_MAIL_TASK = 'send_mail'

interface MailTicket {
	id: string
	ticketNumber: string
	issueType: string
	priority: string
	status: string
	title: string
}

/** One e-mail to the reporter, its lines joined; the key makes a second queueing of it a no-op. */
async function queueMail(tx: Tx, to: string, subject: string, lines: string[], jobKey: string) {
	await addJob(tx, SEND_MAIL_TASK, { to, subject, text: lines.join('\n') }, { jobKey })
}

export async function queueReportReceived(tx: Tx, to: string, ticket: MailTicket) {
	await queueMail(
		tx,
		to,
		`[${ticket.ticketNumber}] We received your issue report`,
		[
			'Thank you for reporting an issue. Our team will look into it.',
			'',
			`Ticket number: ${ticket.ticketNumber}`,
			`Issue: ${ISSUE_TYPE_LABELS[ticket.issueType as IssueType] ?? ticket.issueType}`,
			`Priority: ${ticket.priority}`,
			`Status: ${TICKET_STATUS_LABELS[ticket.status as TicketStatus] ?? ticket.status}`,
			'',
			'We usually answer within 1-2 business days. Please quote the ticket number if you write to us.',
		],
		`ticket-reported:${ticket.id}`,
	)
}

/**
 * Only public comments are ever passed here: internal notes never leave the dashboard. The
 * reporter hears by e-mail, and in Telegram when their account is linked.
 */
export async function queuePublicComment(
	tx: Tx,
	to: string,
	ticket: MailTicket & { userId: string },
	comment: { id: string; author: string; comment: string },
) {
	const lines = [
		`${comment.author} replied to your ticket ${ticket.ticketNumber} (${ticket.title}):`,
		'',
		comment.comment,
	]
	const key = `ticket-comment:${comment.id}`
	await queueTelegramNotice(tx, ticket.userId, lines.join('\n'), key)
	await queueMail(tx, to, `[${ticket.ticketNumber}] New reply to your issue report`, lines, key)
}

/** The reporter hears when their ticket is resolved, with the resolution note when there is one (e-mail, and Telegram when linked). */
export async function queueResolved(
	tx: Tx,
	to: string,
	ticket: MailTicket & { userId: string; resolution: string | null; resolvedAt: Date | null },
) {
	const lines = [
		`Your ticket ${ticket.ticketNumber} (${ticket.title}) is resolved.`,
		...(ticket.resolution ? ['', ticket.resolution] : []),
	]
	// once per resolution: reopened and resolved again is news again
	const key = `ticket-resolved:${ticket.id}:${ticket.resolvedAt?.getTime()}`
	await queueTelegramNotice(tx, ticket.userId, lines.join('\n'), key)
	const next = 'If something is still wrong, reply on your My Tickets page and we will pick it up again.'
	await queueMail(tx, to, `[${ticket.ticketNumber}] Your issue report is resolved`, [...lines, '', next], key)
}
