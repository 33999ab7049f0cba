import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { users } from '#db/schema/accounts.ts'
import { propertyStudioProjects } from '#db/schema/studio.ts'
import { CARD_PAYMENTS_OFF } from '#core/billing/payment-intents.ts'
import { db } from '#core/platform/db.ts'
import { LOGO_NEEDED } from '#core/studio/complete-project.ts'
import { favourite, giveLogo, renderedProject } from '#tests/checkout.ts'
import { insertUser } from '#tests/factories.ts'
import { cookieHeader, getRequest, settle } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { loader as downloadsLoader } from './property-studio.$id_.downloads.tsx'
import { action } from './property-studio.$id.tsx'

// Invoice mode, the embedded default: no Stripe key is configured.

const ORIGIN = 'http://localhost:3000'

async function readyToComplete() {
	const user = await insertUser()
	const { project, variations } = await renderedProject(user)
	const kept = variations.slice(0, 2).map((v) => v.id)
	await favourite(user, kept)
	return { user, project, kept, cookie: await cookieFor(user) }
}

function post(projectId: string, intent: string, fields: [string, string][], cookie: string) {
	const request = new Request(`${ORIGIN}/property-studio/${projectId}?step=download&stage=payment&intent=${intent}`, {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
	})
	return settle(() => action({ request, params: { id: projectId }, context: {} }))
}

function logoUpload(projectId: string, file: { bytes: Buffer; name: string; type: string } | null, cookie: string) {
	const form = new FormData()
	if (file) form.set('logo', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
	const search = `step=download&stage=logo&variationIds=${projectId}&intent=upload-logo`
	const request = new Request(`${ORIGIN}/property-studio/${projectId}?${search}`, {
		method: 'POST',
		body: form,
		headers: { cookie },
	})
	return settle(() => action({ request, params: { id: projectId }, context: {} }))
}

const errorsOf = (answer: { data?: unknown }) =>
	(answer.data as { result: { error: Record<string, string[]> } }).result.error

describe('completing a project from the page (invoice mode)', () => {
	test("a plain form's order completes it and shows 'Project Complete' once, on the downloads page", async () => {
		const { project, kept, cookie } = await readyToComplete()
		const answer = await post(project.id, 'complete', [['variationIds', kept[1]]], cookie)
		expect(answer.status).toBe(302)
		expect(answer.headers.get('location')).toBe(`/property-studio/${project.id}/downloads`)
		const [row] = await db.select().from(propertyStudioProjects).where(eq(propertyStudioProjects.id, project.id))
		expect(row.status).toBe('completed')

		const flashed = `${cookie}; ${cookieHeader(answer.headers)}`
		const page = await settle(() =>
			downloadsLoader({
				request: getRequest(`/property-studio/${project.id}/downloads`, { cookie: flashed }),
				params: { id: project.id },
				context: {},
			}),
		)
		expect((page.data as { completion: unknown }).completion).toEqual({
			projectId: project.id,
			mode: 'invoice',
			invoiceNumber: expect.stringMatching(/^INV-\d{6}-[0-9A-F]{8}$/),
			originals: 1,
			variations: 3,
			kept: 1,
		})
		// Read once: the flash cookie is cleared with the answer.
		expect(page.headers.get('set-cookie')).toMatch(/^rendo_completion=;/)
	})

	test('refusals come back as the form reply, and the project stays open', async () => {
		const { project, kept, cookie } = await readyToComplete()
		const nothing = await post(project.id, 'complete', [], cookie)
		expect(nothing.status).toBe(400)
		expect(errorsOf(nothing)).toEqual({ variationIds: ['Select at least one image to keep.'] })

		const noLogo = await post(
			project.id,
			'complete',
			[
				['variationIds', kept[0]],
				['watermarkingEnabled', 'on'],
			],
			cookie,
		)
		expect(noLogo.status).toBe(400)
		expect(errorsOf(noLogo)['']).toEqual([LOGO_NEEDED])
		const [row] = await db.select().from(propertyStudioProjects).where(eq(propertyStudioProjects.id, project.id))
		expect(row.status).toBe('active')
	})

	test('a second order (another tab, a retry) goes to the project list, changing nothing', async () => {
		const { project, kept, cookie } = await readyToComplete()
		await post(project.id, 'complete', [['variationIds', kept[0]]], cookie)
		const again = await post(project.id, 'complete', [['variationIds', kept[0]]], cookie)
		expect(again.status).toBe(302)
		expect(again.headers.get('location')).toBe(`/property-studio?bought=${project.id}`)
	})

	test('card payments are off here: asking for a PaymentIntent is refused in words', async () => {
		const { project, kept, cookie } = await readyToComplete()
		const answer = await post(project.id, 'payment-intent', [['variationIds', kept[0]]], cookie)
		expect(answer.status).toBe(404)
		expect(errorsOf(answer)['']).toEqual([CARD_PAYMENTS_OFF])
	})

	test("another agent's project is not found", async () => {
		const { project, kept } = await readyToComplete()
		const stranger = await cookieFor(await insertUser())
		await expect(post(project.id, 'complete', [['variationIds', kept[0]]], stranger)).rejects.toMatchObject({
			init: { status: 404 },
		})
	})
})

describe('the logo screen', () => {
	test('a PNG becomes the logo and the review comes back with branding on and the choice kept', async () => {
		const { user, project, cookie } = await readyToComplete()
		const png = await sharp({ create: { width: 60, height: 30, channels: 4, background: '#e11d48' } })
			.png()
			.toBuffer()
		const answer = await logoUpload(project.id, { bytes: png, name: 'agency.png', type: 'image/png' }, cookie)
		expect(answer.status).toBe(302)
		const location = new URL(answer.headers.get('location')!, ORIGIN)
		expect(location.pathname).toBe(`/property-studio/${project.id}`)
		expect(Object.fromEntries(location.searchParams)).toEqual({
			step: 'download',
			stage: 'review',
			variationIds: project.id,
			watermarkingEnabled: 'on',
		})
		const [row] = await db.select({ logoUrl: users.logoUrl }).from(users).where(eq(users.id, user.id))
		expect(row.logoUrl).toMatch(/^logos\//)
	})

	test("a file that is not an image, or none, is refused with the spec's title and reason", async () => {
		const { user, project, cookie } = await readyToComplete()
		await giveLogo(user)
		const text = await logoUpload(
			project.id,
			{ bytes: Buffer.from('not a logo'), name: 'notes.txt', type: 'text/plain' },
			cookie,
		)
		expect(text.status).toBe(400)
		expect(errorsOf(text)).toEqual({ '': ['Invalid File Type'], logo: ['Please upload a PNG, JPG or SVG file.'] })

		const none = await logoUpload(project.id, null, cookie)
		expect(none.status).toBe(400)
		expect(errorsOf(none)['']).toEqual(['Please choose a logo to upload'])
	})
})
