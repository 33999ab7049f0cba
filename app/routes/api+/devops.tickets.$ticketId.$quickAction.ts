import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { NotFoundError } from '#core/errors.ts'
import { TICKET_QUICK_ACTIONS, type TicketQuickAction } from '#core/tickets/ticket.schema.ts'
import { resolveTicket, startWork } from '#core/tickets/tickets.ts'

/**
 * POST /api/devops/tickets/{id}/start-work and /resolve: the list's quick actions, which the
 * server holds to open → in-progress and in-progress → resolved (the dialog's PUT may set any status).
 */
const QUICK_ACTIONS = { 'start-work': startWork, resolve: resolveTicket } satisfies Record<TicketQuickAction, unknown>

export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const name = TICKET_QUICK_ACTIONS.find((a) => a === params.quickAction)
		if (!name) throw new NotFoundError()
		return Response.json(await QUICK_ACTIONS[name](await getActor(request), params.ticketId!))
	})
}
