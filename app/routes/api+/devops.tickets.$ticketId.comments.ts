import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { addStaffComment } from '#core/tickets/tickets.ts'

/** POST {comment, isInternal}: the support dashboard's comment box. */
export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const actor = await getActor(request)
		return Response.json(await addStaffComment(actor, params.ticketId!, await readJson(request)), { status: 201 })
	})
}
