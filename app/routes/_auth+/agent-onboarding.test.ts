import { expect, test } from 'vitest'
import { multipartRequest, type UploadFile } from '#tests/brochures.ts'
import { insertUser } from '#tests/factories.ts'
import { getRequest, settle } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { action, loader } from './agent-onboarding.tsx'

type Refusal = {
	result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
	message: string
}

const profile = (overrides: Record<string, string> = {}) => ({
	companyName: 'Harbour Homes',
	agentName: 'Sam Taylor',
	email: `sam.${Math.random().toString(36).slice(2, 8)}@harbourhomes.example`,
	primaryColor: '#0f2a44',
	secondaryColor: '#ffffff',
	accentColor: '#f59e0b',
	fontFamily: 'Montserrat',
	templateStyle: 'luxury',
	disclosureLabel: 'off',
	...overrides,
})

function post(cookie: string | null, fields: Record<string, string>, files: UploadFile[] = []) {
	return settle(() =>
		action({ request: multipartRequest('/agent-onboarding', cookie, fields, files), params: {}, context: {} }),
	)
}

async function page(path: string, cookie: string) {
	const answer = await settle(() => loader({ request: getRequest(path, { cookie }), params: {}, context: {} }))
	return answer.data as Awaited<ReturnType<typeof loader>>
}

test('the first save redirects to the success screen with its toast, a later one says updated', async () => {
	const cookie = await cookieFor(await insertUser())
	const fields = profile()
	const first = await post(cookie, fields)
	expect(first.status).toBe(302)
	expect(first.headers.get('location')).toBe('/agent-onboarding?done=created')
	expect(first.headers.get('set-cookie')).toMatch(/rendo_toast=/)

	const done = await page('/agent-onboarding?done=created', cookie)
	expect(done.isUpdate).toBe(false)
	expect(done.onboarded).toMatchObject({
		message: 'Your agent profile has been created successfully.',
		email: fields.email,
		previewUrl: '/test-brochure',
		dashboardUrl: '/dashboard',
	})
	expect(done.onboarded?.agentId).toMatch(/^[0-9a-f-]{36}$/)

	const again = await post(cookie, { ...fields, companyName: 'Harbour Homes Ltd' })
	expect(again.headers.get('location')).toBe('/agent-onboarding?done=updated')
	const form = await page('/agent-onboarding', cookie)
	expect(form.onboarded).toBeNull()
	expect(form.defaults).toMatchObject({ companyName: 'Harbour Homes Ltd', disclosureLabel: 'off' })
})

test('a refusal comes back in the page: messages under their fields and listed, what was typed kept', async () => {
	const cookie = await cookieFor(await insertUser())
	const answer = await post(cookie, profile({ primaryColor: 'red' }), [
		{ field: 'logo', bytes: Buffer.from('not a logo'), name: 'logo.txt', type: 'text/plain' },
	])
	expect(answer.status).toBe(400)
	const { result, message } = answer.data as Refusal
	expect(result.error?.primaryColor).toEqual(['Must be a valid hex color'])
	expect(result.error?.['']).toEqual(['Must be a valid hex color'])
	expect(result.initialValue).toMatchObject({ companyName: 'Harbour Homes', primaryColor: 'red' })
	expect(message).toBe('Must be a valid hex color')
})

test('nobody signed in is sent to log in', async () => {
	const answer = await post(null, profile())
	expect(answer.status).toBe(302)
	expect(answer.headers.get('location')).toMatch(/^\/login\?/)
})
