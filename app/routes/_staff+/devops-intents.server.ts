import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import type { z } from 'zod'
import {
	QuickActionForm,
	TicketCommentForm,
	TicketUpdateForm,
	type TicketIntent,
	type TicketReply,
} from '#app/components/tickets/ticket-forms.ts'
import type { IntentHandlers } from '#app/utils/intents.server.ts'
import { redirectWithToast, type ToastInput } from '#app/utils/toast.server.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { InputError, NotFoundError } from '#core/errors.ts'
import { addStaffComment, resolveTicket, startWork, updateTicket } from '#core/tickets/tickets.ts'

/** Every mutation of the support dashboard starts from who asks (already checked to be staff). */
export type TicketIntentContext = { request: Request; actor: Actor }

// spec 02 §8: the success toasts
const UPDATED: ToastInput = {
	type: 'success',
	title: 'Ticket Updated',
	description: 'The ticket has been updated successfully.',
}
const COMMENTED: ToastInput = {
	type: 'success',
	title: 'Comment Added',
	description: 'Your comment has been added to the ticket.',
}

/** Back to the view the form was posted from (its filter and open ticket), without the intent. */
function backToPage(request: Request) {
	const url = new URL(request.url)
	url.searchParams.delete('intent')
	return `${url.pathname}${url.search}`
}

/**
 * One intent: parse the form with its schema, run the core service, then redirect back with the
 * success toast (Post/Redirect/Get). A refusal (bad input, a ticket in the wrong status, one that
 * is gone) comes back as the form's conform result, tagged with the intent and ticket it answers.
 */
function ticketIntent<Schema extends z.ZodTypeAny>(
	intent: TicketIntent,
	schema: Schema,
	run: (actor: Actor, value: z.output<Schema>) => Promise<unknown>,
	toast: ToastInput,
) {
	return async ({ request, actor }: TicketIntentContext) => {
		const submission = parseWithZod(await request.formData(), { schema })
		const ticketId = String(submission.payload.ticketId ?? '')
		const refuse = (result: TicketReply['result']) =>
			data({ intent, ticketId, result } satisfies TicketReply, { status: 400 })
		if (submission.status !== 'success') return refuse(submission.reply())
		try {
			await run(actor, submission.value)
		} catch (error) {
			if (!(error instanceof InputError || error instanceof NotFoundError)) throw error
			return refuse(submission.reply({ formErrors: [error.message] }))
		}
		return redirectWithToast(backToPage(request), toast)
	}
}

export const ticketIntents: IntentHandlers<TicketIntentContext> = {
	'start-work': ticketIntent(
		'start-work',
		QuickActionForm,
		(actor, { ticketId }) => startWork(actor, ticketId),
		UPDATED,
	),
	resolve: ticketIntent('resolve', QuickActionForm, (actor, { ticketId }) => resolveTicket(actor, ticketId), UPDATED),
	'update-ticket': ticketIntent(
		'update-ticket',
		TicketUpdateForm,
		// The form always sends the assignee; conform reads an emptied field as absent, and empty clears it.
		(actor, { ticketId, assignedTo, ...changes }) =>
			updateTicket(actor, ticketId, { ...changes, assignedTo: assignedTo ?? null }),
		UPDATED,
	),
	comment: ticketIntent(
		'comment',
		TicketCommentForm,
		(actor, { ticketId, ...comment }) => addStaffComment(actor, ticketId, comment),
		COMMENTED,
	),
}
