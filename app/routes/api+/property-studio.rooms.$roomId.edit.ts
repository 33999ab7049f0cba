import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { editRoom } from '#core/edits/edit-room.ts'

export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await editRoom(await getActor(request), params.roomId!, await readJson(request)), {
			status: 202,
		}),
	)
}
