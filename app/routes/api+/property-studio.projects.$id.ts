import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { getProject } from '#core/studio/projects.ts'

export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => Response.json(await getProject(await getActor(request), params.id!)))
}
