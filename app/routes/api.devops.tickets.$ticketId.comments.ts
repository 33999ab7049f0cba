import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { assertCan } from '#core/accounts/actor.ts'
import { addComment } from '#core/tickets/tickets.ts'

/** POST {comment, isInternal}: the support dashboard's comment box. */
export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const actor = await getActor(request)
		// addComment also lets reporters answer on their own ticket; this door is staff-only
		assertCan(actor, 'manage:tickets')
		return Response.json(await addComment(actor, params.ticketId!, await readJson(request)), { status: 201 })
	})
}
