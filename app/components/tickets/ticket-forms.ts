import type { SubmissionResult } from '@conform-to/react'
import { z } from 'zod'
import { withSearchParam } from '#app/utils/search-params.ts'
import { CommentSchema, UpdateTicketSchema } from '#core/tickets/ticket.schema.ts'

/**
 * The support dashboard's forms: schemas and addresses only (zod, no React), shared by the page's
 * action and its components.
 * Every form names its ticket in a hidden field; the intent travels in the action URL.
 */
const TicketRef = z.object({ ticketId: z.string({ required_error: 'Ticket not found' }).min(1, 'Ticket not found') })

export const QuickActionForm = TicketRef
export const TicketUpdateForm = UpdateTicketSchema.extend(TicketRef.shape)
export const TicketCommentForm = CommentSchema.extend(TicketRef.shape)

export type TicketIntent = 'start-work' | 'resolve' | 'update-ticket' | 'comment'

/** What the page's action answers when it refuses a form (a success redirects instead). */
export type TicketReply = { intent: TicketIntent; ticketId: string; result: SubmissionResult<string[]> }

/** A form's action: this page as it is now, plus the intent, so the redirect comes back to the same view. */
export function intentUrl(search: string, intent: TicketIntent) {
	return `/devops-dashboard${withSearchParam(search, 'intent', intent)}`
}
