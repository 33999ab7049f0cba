import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { NotFoundError } from '#core/errors.ts'
import { resolveTicket, startWork } from '#core/tickets/tickets.ts'

/**
 * POST /api/devops/tickets/{id}/start-work and /resolve: the list's quick actions, which the
 * server holds to open → in-progress and in-progress → resolved (the dialog's PUT may set any status).
 */
const QUICK_ACTIONS = { 'start-work': startWork, resolve: resolveTicket }

export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const run = QUICK_ACTIONS[params.quickAction as keyof typeof QUICK_ACTIONS]
		if (!run || !Object.hasOwn(QUICK_ACTIONS, params.quickAction!)) throw new NotFoundError()
		return Response.json(await run(await getActor(request), params.ticketId!))
	})
}
