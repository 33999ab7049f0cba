import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { NotFoundError } from '#core/errors.ts'
import { QuickActionSchema, TICKET_QUICK_ACTIONS, type TicketQuickAction } from '#core/tickets/ticket.schema.ts'
import { closeTicket, resolveTicket, startWork } from '#core/tickets/tickets.ts'
import { parseInput } from '#core/validate.ts'

/**
 * POST /api/devops/tickets/{id}/start-work, /resolve and /close: the list's quick actions and
 * `rendo tickets`, which the server holds to open → in-progress, in-progress → resolved (with the
 * resolution, if the body gives one) and any → closed (the dialog's PUT may set any status).
 */
const QUICK_ACTIONS = {
	'start-work': (actor, id) => startWork(actor, id),
	resolve: (actor, id, { resolution }) => resolveTicket(actor, id, resolution),
	close: (actor, id) => closeTicket(actor, id),
} satisfies Record<
	TicketQuickAction,
	(actor: Actor, ticketId: string, body: { resolution?: string }) => Promise<unknown>
>

/** The body is optional: the dashboard's buttons send none. */
async function quickActionBody(request: Request) {
	const empty = request.headers.get('content-length') === '0' || !request.headers.get('content-type')
	return parseInput(QuickActionSchema, empty ? {} : await readJson(request))
}

export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const name = TICKET_QUICK_ACTIONS.find((a) => a === params.quickAction)
		if (!name) throw new NotFoundError()
		const actor = await getActor(request)
		return Response.json(await QUICK_ACTIONS[name](actor, params.ticketId!, await quickActionBody(request)))
	})
}
