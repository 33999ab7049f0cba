import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { listTickets } from '#core/tickets/tickets.ts'

/** GET ?status=open|in-progress|resolved|closed (absent: all tickets); TicketListQuerySchema, checked by core. */
export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const status = new URL(request.url).searchParams.get('status') || undefined
		return Response.json(await listTickets(await getActor(request), { status }), {
			headers: { 'Cache-Control': 'no-store' },
		})
	})
}
