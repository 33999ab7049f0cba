import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { createProject, listProjects } from '#core/studio/projects.ts'

export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () => Response.json(await listProjects(await getActor(request))))
}

export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const project = await createProject(await getActor(request), await readJson(request))
		return Response.json(project, { status: 201 })
	})
}
