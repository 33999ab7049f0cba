import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { alreadyCompletedResponse } from '#app/utils/checkout.server.ts'
import { completeProject } from '#core/studio/complete-project.ts'

/** { watermarkingEnabled, variationIds? } → { success, project, cleanupResult: { keptCount }, billing } */
export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () => {
		try {
			return Response.json(await completeProject(await getActor(request), params.id!, await readJson(request)))
		} catch (error) {
			return alreadyCompletedResponse(error)
		}
	})
}
