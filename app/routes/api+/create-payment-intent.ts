import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { alreadyCompletedResponse } from '#app/utils/checkout.server.ts'
import { createPaymentIntent } from '#core/billing/payment-intents.ts'

/** { projectId, watermarkingEnabled?, variationIds? } → { clientSecret } (an `amount` sent is ignored). */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		try {
			return Response.json(await createPaymentIntent(await getActor(request), await readJson(request)))
		} catch (error) {
			return alreadyCompletedResponse(error)
		}
	})
}
