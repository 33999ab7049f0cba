import { useForm } from '@conform-to/react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { TemplateFields, type WizardFields } from '#app/components/onboarding/wizard-steps.tsx'
import { getToast } from '#app/utils/toast.server.ts'
import { LABEL_OFF_SAVED } from '#core/accounts/agent-profile.schema.ts'
import { labelOffWarning } from '#core/disclosure/markets.ts'
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

function TemplateStep({ defaults }: { defaults: Record<string, string> }) {
	const [, fields] = useForm({ id: 'agent-onboarding', defaultValue: defaults })
	return createElement(TemplateFields, { fields: fields as WizardFields, template: 'modern' })
}

/** The wizard's last step as the server sends it (no JavaScript), filled from the loader's values. */
const templateStep = (defaults: Record<string, string>) =>
	renderToStaticMarkup(createElement(TemplateStep, { defaults }))

test('turning the label off is warned about beside the choice, without JavaScript, and again after saving', async () => {
	const cookie = await cookieFor(await insertUser())
	const before = templateStep((await page('/agent-onboarding', cookie)).defaults)
	expect(before).toContain(labelOffWarning('UK'))
	expect(before).toMatch(/id="agent-onboarding-disclosureLabel-on"[^>]*checked/)
	expect(before).toMatch(/<input[^>]*name="disclosureText"[^>]*placeholder="Virtually staged"/)

	const saved = await post(cookie, profile({ disclosureText: 'Digitally staged' }))
	expect(saved.status).toBe(302)
	// The toast says it again, and the success screen repeats the warning itself.
	const flashed = saved.headers.get('set-cookie')!.split(';')[0]
	const { toast } = await getToast(getRequest('/agent-onboarding', { cookie: flashed }))
	expect(toast?.description).toContain(LABEL_OFF_SAVED)
	const done = await page('/agent-onboarding?done=created', cookie)
	expect(done.onboarded?.labelOff).toBe(true)

	const form = await page('/agent-onboarding', cookie)
	const after = templateStep(form.defaults)
	expect(form.defaults).toMatchObject({ disclosureLabel: 'off', disclosureText: 'Digitally staged' })
	expect(after).toMatch(/id="agent-onboarding-disclosureLabel-off"[^>]*checked/)
	expect(after).toMatch(/<input[^>]*name="disclosureText"[^>]*value="Digitally staged"/)
	expect(after).toContain(labelOffWarning('UK'))

	const on = await post(cookie, profile({ disclosureLabel: 'on' }))
	const flashedOn = on.headers.get('set-cookie')!.split(';')[0]
	expect((await getToast(getRequest('/', { cookie: flashedOn }))).toast?.description).not.toContain(LABEL_OFF_SAVED)
	expect((await page('/agent-onboarding?done=updated', cookie)).onboarded?.labelOff).toBe(false)
})

test('the market the agency lists in: UK until chosen, saved from the form, and it picks the rules the warning names', async () => {
	const cookie = await cookieFor(await insertUser())
	const first = await page('/agent-onboarding', cookie)
	expect(first.defaults).toMatchObject({ market: 'UK' })
	const uk = templateStep(first.defaults)
	expect(uk).toMatch(/<option value="UK" selected="">United Kingdom<\/option>/)
	expect(uk).toContain('Rightmove, Zoopla and OnTheMarket')
	expect(uk).not.toMatch(/California|\bMLS/)

	expect((await post(cookie, profile({ market: 'US' }))).status).toBe(302)
	// The success screen says the warning in the saved market's rules.
	expect((await page('/agent-onboarding?done=created', cookie)).onboarded).toMatchObject({
		labelOff: true,
		market: 'US',
	})
	const saved = await page('/agent-onboarding', cookie)
	expect(saved.defaults).toMatchObject({ market: 'US' })
	const us = templateStep(saved.defaults)
	expect(us).toMatch(/<option value="US" selected="">United States<\/option>/)
	expect(us).toContain(labelOffWarning('US'))
	expect(us).not.toMatch(/Rightmove|Trading Standards/)

	const refused = await post(cookie, profile({ market: 'Narnia' }))
	expect(refused.status).toBe(400)
	expect((refused.data as Refusal).result.error?.market).toEqual(['Choose one of the listed markets'])
})

test('a label wording too short comes back under its field', async () => {
	const cookie = await cookieFor(await insertUser())
	const answer = await post(cookie, profile({ disclosureText: 'AI' }))
	expect(answer.status).toBe(400)
	expect((answer.data as Refusal).result.error?.disclosureText).toEqual(['Label wording must be 3 to 40 characters'])
})

test('nobody signed in is sent to log in', async () => {
	const answer = await post(null, profile())
	expect(answer.status).toBe(302)
	expect(answer.headers.get('location')).toMatch(/^\/login\?/)
})
