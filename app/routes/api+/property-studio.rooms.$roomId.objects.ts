import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { listObjects } from '#core/edits/edit-room.ts'

export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => Response.json(await listObjects(await getActor(request), params.roomId!)))
}
