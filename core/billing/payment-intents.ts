import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { assertCompletable } from '#core/studio/complete-project.ts'
import { ownedProject } from '#core/studio/access.ts'
import { parseInput } from '#core/validate.ts'
import { CreatePaymentIntentSchema } from './checkout.schema.ts'
import { saveCheckout } from './checkouts.ts'
import { ORDER_LINE_DESCRIPTION, PROPERTY_PRICE_CURRENCY, PROPERTY_PRICE_PENCE } from './pricing.ts'
import { stripe, stripeSettings } from './stripe.ts'

export const CARD_PAYMENTS_OFF = 'Card payments are not enabled: completion is billed to your monthly invoice'

/**
 * POST /api/create-payment-intent: the PaymentIntent the page confirms with Stripe Elements.
 * The amount is ours (£99.00, one line whatever the number of favourites); anything a client
 * sends for it is ignored. The order is checked as completion will check it, so no money is
 * asked for an order that could not complete. One idempotency key per project means asking
 * again (a reload, a second tab) gets the same PaymentIntent; the agent's latest choices are
 * kept beside it for the webhook.
 */
export async function createPaymentIntent(actor: Actor, input: unknown) {
	const { userId } = requireUser(actor)
	if (!stripeSettings()) throw new NotFoundError(CARD_PAYMENTS_OFF)
	const { projectId, ...choice } = parseInput(CreatePaymentIntentSchema, input)
	const project = await ownedProject(db, actor, projectId)
	const kept = await assertCompletable(db, project, choice)
	const intent = await stripe().paymentIntents.create(
		{
			amount: PROPERTY_PRICE_PENCE,
			currency: PROPERTY_PRICE_CURRENCY,
			description: ORDER_LINE_DESCRIPTION,
			automatic_payment_methods: { enabled: true },
			metadata: { projectId, userId },
		},
		{ idempotencyKey: `rendo-project-${projectId}` },
	)
	await saveCheckout(db, {
		projectId,
		userId,
		paymentIntentId: intent.id,
		amount: intent.amount,
		currency: intent.currency,
		watermarkingEnabled: choice.watermarkingEnabled,
		variationIds: choice.variationIds ?? null,
	})
	return {
		clientSecret: intent.client_secret,
		amount: PROPERTY_PRICE_PENCE,
		currency: PROPERTY_PRICE_CURRENCY,
		description: ORDER_LINE_DESCRIPTION,
		keptCount: kept.length,
	}
}
