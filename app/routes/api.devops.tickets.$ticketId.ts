import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { assertCan } from '#core/accounts/actor.ts'
import { getTicket, updateTicket } from '#core/tickets/tickets.ts'

export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const actor = await getActor(request)
		// getTicket also serves reporters; this door is the staff dashboard's
		assertCan(actor, 'manage:tickets')
		return Response.json(await getTicket(actor, params.ticketId!))
	})
}

/** PUT any of {status, priority, assignedTo}. */
export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () => {
		if (request.method !== 'PUT') return Response.json({ message: 'Method not allowed' }, { status: 405, headers: { Allow: 'PUT' } })
		return Response.json(await updateTicket(await getActor(request), params.ticketId!, await readJson(request)))
	})
}
