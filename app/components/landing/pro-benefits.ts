/** What the Pro plan is marketed with (spec 01 §1), on the pricing page and the already-tried panel. */
export const PRO_BENEFITS = [
	'Unlimited property transformations',
	'Professional branded brochures',
	'Client engagement tracking',
	'Priority support',
]
