import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { completeProject, ProjectAlreadyCompletedError } from '#core/studio/complete-project.ts'

export function alreadyCompletedResponse(error: ProjectAlreadyCompletedError) {
	return Response.json({ message: error.message }, { status: 409 })
}

/** { watermarkingEnabled, variationIds? } → { success, project, cleanupResult: { keptCount }, billing } */
export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () => {
		try {
			return Response.json(await completeProject(await getActor(request), params.id!, await readJson(request)))
		} catch (error) {
			if (error instanceof ProjectAlreadyCompletedError) return alreadyCompletedResponse(error)
			throw error
		}
	})
}
