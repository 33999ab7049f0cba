import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { getTicketForStaff, updateTicket } from '#core/tickets/tickets.ts'

export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => Response.json(await getTicketForStaff(await getActor(request), params.ticketId!)))
}

/** PUT any of {status, priority, assignedTo}. */
export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () => {
		if (request.method !== 'PUT')
			return Response.json({ message: 'Method not allowed' }, { status: 405, headers: { Allow: 'PUT' } })
		return Response.json(await updateTicket(await getActor(request), params.ticketId!, await readJson(request)))
	})
}
