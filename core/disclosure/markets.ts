/**
 * The markets an agency lists in, and for each the rules on altered listing photos that Rendo
 * names to it and where its listings are uploaded. Adding a market is one entry here: the
 * onboarding choice, the API's schema, the label-off warning, the listing pack's README and the
 * downloads page all read this table. Plain data, so the browser can import it.
 *
 * The rules are named as found (issue 44; sources in the design notes), and worded no more
 * firmly than the sources: the UK has no law that names a "virtually staged" label, so the UK
 * entry says what the rules forbid (misleading listings) rather than what they require.
 */

export interface ListingRule {
	/** The rule's own name, as an agent would look it up. */
	name: string
	/** What it asks of an altered listing photo, in one sentence. */
	asks: string
}

export interface Market {
	/** The onboarding choice's words. */
	name: string
	/** What a listing pack is for, after "for": the places its listings are uploaded. */
	uploads: string
	/** Why an agency should keep the label on, in this market's rules; said before the label-off warning's tail. */
	whyLabel: string
	/** Why the property's originals page exists, on the downloads page. */
	whyOriginals: string
	/** The rules the listing pack's README lists. */
	rules: readonly ListingRule[]
}

export const MARKETS = {
	UK: {
		name: 'United Kingdom',
		uploads: 'uploading to the portals you list on (Rightmove, Zoopla, OnTheMarket)',
		whyLabel:
			'In the UK a listing must not mislead buyers by what it shows or leaves out (the Digital Markets, Competition and Consumers Act 2024, which replaced the Consumer Protection from Unfair Trading Regulations 2008 in April 2025; National Trading Standards’ material information guidance, Parts A, B and C; The Property Ombudsman’s code), and Rightmove, Zoopla and OnTheMarket set their own rules for photos. A staged photo with no label can pass for the room as it is.',
		whyOriginals:
			'In the UK a listing must not mislead buyers: showing each altered photo beside the original lets them see the property as it is.',
		rules: [
			{
				name: 'Digital Markets, Competition and Consumers Act 2024, Part 4 Chapter 1 (unfair commercial practices; from 6 April 2025, replacing the Consumer Protection from Unfair Trading Regulations 2008)',
				asks: 'a listing must not mislead buyers by what it shows or by what it leaves out.',
			},
			{
				name: 'National Trading Standards Estate and Letting Agency Team, Material Information in Property Listings (Parts A, B and C)',
				asks: 'what a listing must tell buyers about the property.',
			},
			{
				name: 'The Property Ombudsman, Code of Practice for Residential Estate Agents',
				asks: 'its marketing and advertising rules, for member agents.',
			},
			{
				name: 'Rightmove, Zoopla and OnTheMarket',
				asks: 'each portal’s own rules for listing photos: check them before you upload.',
			},
		],
	},
	US: {
		name: 'United States',
		uploads: 'MLS uploads',
		whyLabel:
			'In the US, California’s Business and Professions Code §10140.8 (AB 723, in force since 1 January 2026) requires an ad with a digitally altered photo to say so, with a link or QR code to the original, and MLSs such as CRMLS (rule 11.5.2) ask the same.',
		whyOriginals:
			'California’s law (B&P §10140.8) and MLS rules such as CRMLS 11.5.2 ask that anyone seeing an altered photo can see the original.',
		rules: [
			{
				name: 'California Business and Professions Code §10140.8 (AB 723), in force since 1 January 2026',
				asks: 'an ad for a sale with a digitally altered image must say so on or beside it, with a link, URL or QR code to the original.',
			},
			{
				name: 'MLS rules, such as CRMLS rule 11.5.2',
				asks: 'the original immediately before or after the altered image, which is described as "virtually staged" or "digitally altered".',
			},
		],
	},
} as const satisfies Record<string, Market>

export type MarketCode = keyof typeof MARKETS

export const MARKET_CODES = Object.keys(MARKETS) as [MarketCode, ...MarketCode[]]

/**
 * An agency that has not chosen lists in the UK: accounts carry no country, and Rendo is priced in
 * pounds and speaks of estate agents, properties' first lines and portals, so its agencies are
 * British unless they say otherwise.
 */
export const DEFAULT_MARKET: MarketCode = 'UK'

export const isMarket = (code: string | null | undefined): code is MarketCode => !!code && Object.hasOwn(MARKETS, code)

/** A stored or submitted code's market; anything unknown (a market since removed) is the default. */
export function marketOf(code: string | null | undefined): Market {
	return isMarket(code) ? MARKETS[code] : MARKETS[DEFAULT_MARKET]
}

/** Said beside the choice to turn the "Virtually staged" label off, and again after saving with it off. */
export function labelOffWarning(code: string | null | undefined) {
	return `${marketOf(code).whyLabel} Without the label, that is up to you wherever you post them. Your originals page stays available either way.`
}
