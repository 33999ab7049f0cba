import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { reportIssue } from '#core/tickets/tickets.ts'

/** POST {projectId, issueType, description, contactEmail} → {ticketNumber, ticketId, priority, status}. */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const ticket = await reportIssue(await getActor(request), await readJson(request), {
			userAgent: request.headers.get('user-agent'),
		})
		return Response.json(ticket, { status: 201 })
	})
}
