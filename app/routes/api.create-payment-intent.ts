import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { createPaymentIntent } from '#core/billing/payment-intents.ts'
import { ProjectAlreadyCompletedError } from '#core/studio/complete-project.ts'
import { alreadyCompletedResponse } from './api.property-studio.projects.$id.complete.ts'

/** { projectId, watermarkingEnabled?, variationIds? } → { clientSecret } (an `amount` sent is ignored). */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		try {
			return Response.json(await createPaymentIntent(await getActor(request), await readJson(request)))
		} catch (error) {
			if (error instanceof ProjectAlreadyCompletedError) return alreadyCompletedResponse(error)
			throw error
		}
	})
}
