/** What Rendo's own pages carry and a page for buyers must not: its header's links and its footer's lines. */
export const RENDO_MARKETING = [
	'Join Pioneer Program',
	'Get Started',
	'href="/login"',
	'href="/pricing"',
	'href="/about"',
	'See the Potential',
	'All rights reserved',
]
