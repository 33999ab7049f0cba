import type Stripe from 'stripe'
import { InputError, NotFoundError } from '#core/errors.ts'
import { completePaidProject } from '#core/studio/complete-project.ts'
import { stripe, stripeSettings } from './stripe.ts'

export const INVALID_SIGNATURE = 'Invalid Stripe signature'

/**
 * Stripe's webhook. The signature is checked over the raw body exactly as it arrived (any
 * re-serialised JSON would fail), so an unsigned or wrongly signed call is bad input and changes
 * nothing. `payment_intent.succeeded` completes the project it paid for, once; other events are
 * acknowledged and ignored.
 */
export async function handleStripeWebhook(rawBody: Buffer, signature: string | null) {
	const settings = stripeSettings()
	if (!settings) throw new NotFoundError('Card payments are not enabled')
	if (!signature) throw new InputError({}, INVALID_SIGNATURE)
	let event: Stripe.Event
	try {
		event = stripe().webhooks.constructEvent(rawBody, signature, settings.webhookSecret)
	} catch {
		throw new InputError({}, INVALID_SIGNATURE)
	}
	if (event.type === 'payment_intent.succeeded') {
		const { completed } = await completePaidProject(event.data.object)
		return { received: true, type: event.type, completed }
	}
	return { received: true, type: event.type }
}
