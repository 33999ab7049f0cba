import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { listRooms } from '#core/studio/rooms.ts'

export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => Response.json(await listRooms(await getActor(request), params.id!)))
}
