import { expect, test } from 'vitest'
import { optionalWebUrl, WEB_URL_MESSAGE } from './shared-fields.schema.ts'

// The listing address of a client preference: a full web address or nothing, never a bare domain.
test.each(['ftp://x', 'javascript:alert(1)', 'rightmove.co.uk/properties/1'])('%j is refused once', (value) => {
	const parsed = optionalWebUrl.safeParse(value)
	expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toEqual([WEB_URL_MESSAGE])
})

test.each([
	['https://www.rightmove.co.uk/properties/1', 'https://www.rightmove.co.uk/properties/1'],
	['', undefined],
	[undefined, undefined],
])('%j is taken as %j', (value, taken) => {
	expect(optionalWebUrl.parse(value)).toBe(taken)
})
