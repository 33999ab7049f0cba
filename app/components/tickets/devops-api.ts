import { requestJson } from '#app/components/ops/api-client.ts'
import type { TicketStatus } from '#core/tickets/ticket.schema.ts'
import type { TicketCommentView, ticketStats, TicketView } from '#core/tickets/tickets.ts'

export type { TicketView }
export type TicketStats = Awaited<ReturnType<typeof ticketStats>>

const base = '/api/devops'

export function fetchTickets(status: TicketStatus | null) {
	return requestJson<TicketView[]>(`${base}/tickets${status ? `?status=${status}` : ''}`, {}, 'Failed to load tickets')
}

export function fetchStats() {
	return requestJson<TicketStats>(`${base}/stats`, {}, 'Failed to load ticket stats')
}

export function saveTicket(
	ticketId: string,
	changes: { status?: string; priority?: string; assignedTo?: string | null },
) {
	return requestJson<TicketView>(
		`${base}/tickets/${ticketId}`,
		{ method: 'PUT', json: changes },
		'Failed to update ticket',
	)
}

export function runQuickAction(ticketId: string, action: 'start-work' | 'resolve') {
	return requestJson<TicketView>(`${base}/tickets/${ticketId}/${action}`, { method: 'POST' }, 'Failed to update ticket')
}

export function postComment(ticketId: string, input: { comment: string; isInternal: boolean }) {
	return requestJson<TicketCommentView>(
		`${base}/tickets/${ticketId}/comments`,
		{ method: 'POST', json: input },
		'Unable to add comment',
	)
}
