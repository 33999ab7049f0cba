import { describe, expect, test } from 'vitest'
import { WEB_URL_MESSAGE } from '#core/shared-fields.schema.ts'
import { AgentProfileSchema } from './agent-profile.schema.ts'

const profile = (website: string) => ({
	companyName: 'Harbour Homes',
	agentName: 'Sam Taylor',
	email: 'sam@harbourhomes.example',
	website,
})

const websiteOf = (website: string) => {
	const parsed = AgentProfileSchema.safeParse(profile(website))
	return parsed.success
		? { ok: true as const, website: parsed.data.website }
		: { ok: false as const, errors: parsed.error.flatten().fieldErrors.website }
}

describe('the agency website', () => {
	test.each([
		['harbourhomes.co.uk', 'https://harbourhomes.co.uk'],
		['  www.harbourhomes.co.uk  ', 'https://www.harbourhomes.co.uk'],
		['harbourhomes.co.uk/branches/bath?ref=card', 'https://harbourhomes.co.uk/branches/bath?ref=card'],
		['xn--bcher-kva.example', 'https://xn--bcher-kva.example'],
	])('a bare domain %j is taken and stored as %j', (typed, stored) => {
		expect(websiteOf(typed)).toEqual({ ok: true, website: stored })
	})

	test.each([
		'http://harbourhomes.co.uk',
		'https://harbourhomes.co.uk',
		'https://www.harbourhomes.co.uk/about-us',
		'HTTPS://harbourhomes.co.uk',
	])('an address with its scheme, %j, is kept as typed', (typed) => {
		expect(websiteOf(typed)).toEqual({ ok: true, website: typed })
	})

	test.each(['', '   '])('%j means no website', (typed) => {
		expect(websiteOf(typed)).toEqual({ ok: true, website: undefined })
	})

	test.each([
		'harbour homes',
		'harbourhomes',
		'not a website',
		'javascript:alert(1)',
		'mailto:sam@harbourhomes.co.uk',
		'ftp://harbourhomes.co.uk',
		'https://',
		'http://exa mple.com',
		'sam@harbourhomes.co.uk',
		'harbourhomes.co.uk:99999',
	])('%j is refused, with the message once', (typed) => {
		expect(websiteOf(typed)).toEqual({ ok: false, errors: [WEB_URL_MESSAGE] })
	})

	test('the message is the one the forms have always shown', () => {
		expect(WEB_URL_MESSAGE).toBe('Please enter a valid URL')
	})
})
