import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { listTickets } from '#core/tickets/tickets.ts'

/** GET ?status=…&priority=… (each absent: any); TicketListQuerySchema, checked by core. */
export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const query = new URL(request.url).searchParams
		const status = query.get('status') || undefined
		const priority = query.get('priority') || undefined
		return Response.json(await listTickets(await getActor(request), { status, priority }), {
			headers: { 'Cache-Control': 'no-store' },
		})
	})
}
