import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { setSameRoom } from '#core/studio/room-views.ts'

export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await setSameRoom(await getActor(request), params.roomId!, await readJson(request))),
	)
}
