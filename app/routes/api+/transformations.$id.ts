import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { getTransformation } from '#core/transformations/transformations.ts'

export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => Response.json(await getTransformation(await getActor(request), params.id!)))
}
