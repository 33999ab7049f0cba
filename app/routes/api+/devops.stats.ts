import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { ticketStats } from '#core/tickets/tickets.ts'

export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await ticketStats(await getActor(request)), { headers: { 'Cache-Control': 'no-store' } }),
	)
}
