import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { preparingResponse } from '#app/utils/download.server.ts'
import { emailFinalImages } from '#core/studio/email-final-images.ts'

/** { projectId, variationIds, recipientEmail } → 202 { success, sent }: the mail is queued. */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		try {
			return Response.json(await emailFinalImages(await getActor(request), await readJson(request)), { status: 202 })
		} catch (error) {
			return preparingResponse(error)
		}
	})
}
