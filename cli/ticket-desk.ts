import type * as Tickets from '#core/tickets/tickets.ts'
import { staffActor } from './actor.ts'
import type { ApiClient } from './remote/api-client.ts'
import { remoteApi } from './remote/session.ts'

type Answer<F extends (...args: never[]) => unknown> = Promise<Awaited<ReturnType<F>>>

/**
 * What `rendo tickets` does, in either mode: on the local database as the staff account named by
 * --as (or RENDO_CLI_AS), or over the support dashboard's API with a staff-scope token. Both answer
 * the same shapes, so the commands print the same tables.
 */
export interface TicketDesk {
	list(filter: { status?: string; priority?: string }): Answer<typeof Tickets.listTickets>
	show(ticket: string): Answer<typeof Tickets.getTicketForStaff>
	start(ticket: string): Answer<typeof Tickets.startWork>
	resolve(ticket: string, resolution?: string): Answer<typeof Tickets.resolveTicket>
	close(ticket: string): Answer<typeof Tickets.closeTicket>
	assign(ticket: string, name: string): Answer<typeof Tickets.updateTicket>
	comment(ticket: string, input: { comment: string; isInternal: boolean }): Answer<typeof Tickets.addStaffComment>
	stats(): Answer<typeof Tickets.ticketStats>
}

export function ticketDesk(as: string | undefined): TicketDesk {
	const api = remoteApi(as)
	return api ? remoteDesk(api) : localDesk(as)
}

function localDesk(as: string | undefined): TicketDesk {
	const open = async () => Promise.all([staffActor(as), import('#core/tickets/tickets.ts')] as const)
	return {
		list: async (filter) => open().then(([actor, t]) => t.listTickets(actor, filter)),
		show: async (ticket) => open().then(([actor, t]) => t.getTicketForStaff(actor, ticket)),
		start: async (ticket) => open().then(([actor, t]) => t.startWork(actor, ticket)),
		resolve: async (ticket, resolution) => open().then(([actor, t]) => t.resolveTicket(actor, ticket, resolution)),
		close: async (ticket) => open().then(([actor, t]) => t.closeTicket(actor, ticket)),
		assign: async (ticket, name) => open().then(([actor, t]) => t.updateTicket(actor, ticket, { assignedTo: name })),
		comment: async (ticket, input) => open().then(([actor, t]) => t.addStaffComment(actor, ticket, input)),
		stats: async () => open().then(([actor, t]) => t.ticketStats(actor)),
	}
}

function remoteDesk(api: ApiClient): TicketDesk {
	const at = (ticket: string, action = '') => `/api/devops/tickets/${encodeURIComponent(ticket)}${action}`
	return {
		list: ({ status, priority }) => {
			const query = new URLSearchParams({ ...(status && { status }), ...(priority && { priority }) }).toString()
			return api.get(`/api/devops/tickets${query ? `?${query}` : ''}`)
		},
		show: (ticket) => api.get(at(ticket)),
		start: (ticket) => api.json('POST', at(ticket, '/start-work')),
		resolve: (ticket, resolution) => api.json('POST', at(ticket, '/resolve'), { body: { resolution } }),
		close: (ticket) => api.json('POST', at(ticket, '/close')),
		assign: (ticket, name) => api.json('PUT', at(ticket), { body: { assignedTo: name } }),
		comment: (ticket, input) => api.json('POST', at(ticket, '/comments'), { body: input }),
		stats: () => api.get('/api/devops/stats'),
	}
}
