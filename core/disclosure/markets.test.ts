import { expect, test } from 'vitest'
import { packReadme } from './pack-manifest.ts'
import { DEFAULT_MARKET, labelOffWarning, MARKET_CODES, MARKETS, marketOf } from './markets.ts'

// What an agent of each market must never be told: the other market's rules.
const AMERICAN = /California|§10140\.8|AB 723|CRMLS|\bMLSs?\b/
const BRITISH = /Digital Markets|Trading Standards|Ombudsman|Rightmove|Zoopla|OnTheMarket/

const readme = (market: 'UK' | 'US') =>
	packReadme({ property: '12 Acacia Avenue, Bath', originalsPage: 'https://rendo.example/o/abc', market })

// Each market's warning names its own law, regulators and portals, and its listing pack's README its rules and
// where the photos go: never a word of the other market's.
const cases = [
	{
		market: 'UK',
		rulesOf: 'the UK’s rules and portals, never California’s or an MLS’s',
		warningNames: [
			'Digital Markets, Competition and Consumers Act 2024',
			'Consumer Protection from Unfair Trading Regulations 2008',
			'National Trading Standards',
			'Parts A, B and C',
			'The Property Ombudsman',
			'Rightmove',
			'Zoopla',
			'OnTheMarket',
		],
		packSays: [
			'for uploading to the portals you list on (Rightmove, Zoopla, OnTheMarket)',
			'Rules on altered listing photos (United Kingdom):',
			'- Digital Markets, Competition and Consumers Act 2024, Part 4 Chapter 1',
			'Material Information in Property Listings (Parts A, B and C)',
			'Code of Practice for Residential Estate Agents',
		],
		never: AMERICAN,
	},
	{
		market: 'US',
		rulesOf: 'California’s law and MLS rules, never the UK’s',
		warningNames: [
			'California',
			'Business and Professions Code §10140.8',
			'AB 723',
			'1 January 2026',
			'CRMLS',
			'11.5.2',
		],
		packSays: [
			'for MLS uploads.',
			'Rules on altered listing photos (United States):',
			'- California Business and Professions Code §10140.8 (AB 723), in force since 1 January 2026',
			'- MLS rules, such as CRMLS rule 11.5.2',
		],
		never: BRITISH,
	},
] as const

for (const { market, rulesOf, warningNames, packSays, never } of cases)
	test(`a ${market} agency is warned, and its listing pack written, in ${rulesOf}`, () => {
		const warning = labelOffWarning(market)
		for (const named of warningNames) expect(warning).toContain(named)
		expect(warning).not.toMatch(never)

		const pack = readme(market)
		for (const line of packSays) expect(pack).toContain(line)
		expect(pack).not.toMatch(never)
	})

test('the README names the property and its originals page, in CRLF lines', () => {
	const pack = readme('UK')
	expect(pack.startsWith('Listing pack: 12 Acacia Avenue, Bath\r\n')).toBe(true)
	expect(pack).toContain('\r\nhttps://rendo.example/o/abc\r\n')
	expect(pack.replaceAll('\r\n', '')).not.toContain('\n')
})

test('every market has its own words; an unknown or missing code is the default market, never a prototype key', () => {
	for (const code of MARKET_CODES) {
		const market = MARKETS[code]
		expect(market.rules.length).toBeGreaterThan(0)
		expect(labelOffWarning(code)).toMatch(/^.+ Without the label, that is up to you wherever you post them\./)
	}
	expect(new Set(MARKET_CODES.map((code) => MARKETS[code].whyLabel)).size).toBe(MARKET_CODES.length)
	expect(DEFAULT_MARKET).toBe('UK')
	for (const code of [null, undefined, '', 'FR', 'toString', '__proto__']) expect(marketOf(code)).toBe(MARKETS.UK)
})
