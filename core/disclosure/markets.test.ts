import { expect, test } from 'vitest'
import { packReadme } from './pack-manifest.ts'
import { DEFAULT_MARKET, labelOffWarning, MARKET_CODES, MARKETS, marketOf } from './markets.ts'

// What an agent of each market must never be told: the other market's rules.
const AMERICAN = /California|§10140\.8|AB 723|CRMLS|\bMLSs?\b/
const BRITISH = /Digital Markets|Trading Standards|Ombudsman|Rightmove|Zoopla|OnTheMarket/

const readme = (market: 'UK' | 'US') =>
	packReadme({ property: '12 Acacia Avenue, Bath', originalsPage: 'https://rendo.example/o/abc', market })

test('a UK agency is warned, and its listing pack written, in the UK’s rules and portals, never California’s or an MLS’s', () => {
	const warning = labelOffWarning('UK')
	for (const named of [
		'Digital Markets, Competition and Consumers Act 2024',
		'Consumer Protection from Unfair Trading Regulations 2008',
		'National Trading Standards',
		'Parts A, B and C',
		'The Property Ombudsman',
		'Rightmove',
		'Zoopla',
		'OnTheMarket',
	])
		expect(warning).toContain(named)
	expect(warning).not.toMatch(AMERICAN)

	const pack = readme('UK')
	expect(pack).toContain('for uploading to the portals you list on (Rightmove, Zoopla, OnTheMarket)')
	expect(pack).toContain('Rules on altered listing photos (United Kingdom):')
	expect(pack).toContain('- Digital Markets, Competition and Consumers Act 2024, Part 4 Chapter 1')
	expect(pack).toContain('Material Information in Property Listings (Parts A, B and C)')
	expect(pack).toContain('Code of Practice for Residential Estate Agents')
	expect(pack).not.toMatch(AMERICAN)
})

test('a US agency is warned, and its listing pack written, in California’s law and MLS rules, never the UK’s', () => {
	const warning = labelOffWarning('US')
	for (const named of [
		'California',
		'Business and Professions Code §10140.8',
		'AB 723',
		'1 January 2026',
		'CRMLS',
		'11.5.2',
	])
		expect(warning).toContain(named)
	expect(warning).not.toMatch(BRITISH)

	const pack = readme('US')
	expect(pack).toContain('for MLS uploads.')
	expect(pack).toContain('Rules on altered listing photos (United States):')
	expect(pack).toContain('- California Business and Professions Code §10140.8 (AB 723), in force since 1 January 2026')
	expect(pack).toContain('- MLS rules, such as CRMLS rule 11.5.2')
	expect(pack).not.toMatch(BRITISH)
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
