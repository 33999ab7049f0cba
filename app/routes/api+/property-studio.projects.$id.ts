import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { projectWithOriginals } from '#core/disclosure/originals-links.ts'

export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => Response.json(await projectWithOriginals(await getActor(request), params.id!)))
}
