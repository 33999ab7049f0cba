import Stripe from 'stripe'
import { config } from '#core/platform/config.ts'
import { PROPERTY_PRICE_CURRENCY, PROPERTY_PRICE_PENCE, type CheckoutSettings } from './pricing.ts'

let client: Stripe | undefined

/** Stripe's settings when card payments are on (STRIPE_SECRET_KEY set), else null: invoice mode. */
export function stripeSettings() {
	const payments = config().payments
	return payments.mode === 'stripe' ? payments : null
}

/** The Stripe API client; only called when stripeSettings() is not null. */
export function stripe(): Stripe {
	const settings = stripeSettings()
	if (!settings) throw new Error('Stripe is not configured: set STRIPE_SECRET_KEY')
	// Creating a PaymentIntent always carries an idempotency key, so the SDK's retries are safe.
	return (client ??= new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000 }))
}

export function checkoutSettings(): CheckoutSettings {
	const settings = stripeSettings()
	return settings ? { mode: 'stripe', publishableKey: settings.publishableKey } : { mode: 'invoice' }
}

/** True only for a PaymentIntent that took exactly our price: anything else completes nothing. */
export function isPaidInFull(intent: Pick<Stripe.PaymentIntent, 'status' | 'amount_received' | 'currency'>) {
	return (
		intent.status === 'succeeded' &&
		intent.amount_received === PROPERTY_PRICE_PENCE &&
		intent.currency === PROPERTY_PRICE_CURRENCY
	)
}
