import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { createProjectOnce, listProjects } from '#core/studio/projects.ts'

export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () => Response.json(await listProjects(await getActor(request))))
}

export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		// With an importKey a retry answers the project the first attempt made (200).
		const { project, existing } = await createProjectOnce(await getActor(request), await readJson(request))
		return Response.json(project, { status: existing ? 200 : 201 })
	})
}
