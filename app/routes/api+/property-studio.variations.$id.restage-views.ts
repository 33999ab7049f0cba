import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { restageViews } from '#core/studio/room-views.ts'

export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await restageViews(await getActor(request), params.id!), { status: 202 }),
	)
}
