import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { processRoom } from '#core/studio/process-room.ts'

export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await processRoom(await getActor(request), params.roomId!, await readJson(request)), {
			status: 202,
		}),
	)
}
