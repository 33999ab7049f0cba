/**
 * The one price of the product (spec 02 §1, §9): £99.00 per completed property, one-off, no
 * subscription, a single order line whatever the number of favourites. The server charges these
 * figures and never an amount a client sends. Browser-safe: the checkout screens show them.
 */
export const PROPERTY_PRICE_PENCE = 9900
export const PROPERTY_PRICE_CURRENCY = 'gbp'
export const ORDER_LINE_DESCRIPTION = 'Property Styling Service'

/** 9900 → '£99.00' */
export function formatPounds(pence: number) {
	return `£${(pence / 100).toFixed(2)}`
}

/** What the checkout screen needs to know: how the agent pays, and Stripe's public key if by card. */
export type CheckoutSettings = { mode: 'invoice' } | { mode: 'stripe'; publishableKey: string }
