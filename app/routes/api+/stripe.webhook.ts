import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { handleStripeWebhook } from '#core/billing/stripe-webhook.ts'

/** Stripe's signed events. The body is read as raw bytes: the signature covers them exactly. */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () =>
		Response.json(
			await handleStripeWebhook(Buffer.from(await request.arrayBuffer()), request.headers.get('stripe-signature')),
		),
	)
}
