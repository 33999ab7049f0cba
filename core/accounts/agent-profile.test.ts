import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { agents, brandAssets, users } from '#db/schema/accounts.ts'
import { openApiDocument } from '#app/api-contract/openapi.server.ts'
import { action as onboardAction } from '#app/routes/api+/onboard-agent.ts'
import { storage } from '#core/platform/storage.ts'
import { db } from '#core/platform/db.ts'
import { call, multipartRequest, storedKeys, type UploadFile } from '#tests/brochures.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { outboxMessages } from '#tests/outbox.ts'
import { cookieFor } from '#tests/studio.ts'
import { AgentProfileSchema } from './agent-profile.schema.ts'
import { agentBrandFor, EMAIL_TAKEN, onboardingDefaults } from './agent-profile.ts'

type Answer = {
	success: boolean
	message: string
	errors: string[]
	agentId: string | null
	previewUrl: string | null
	dashboardUrl: string | null
}

const profile = (overrides: Record<string, string> = {}) => ({
	companyName: 'Harbour Homes',
	agentName: 'Sam Taylor',
	email: `sam.${Math.random().toString(36).slice(2, 8)}@harbourhomes.example`,
	phone: '0117 496 0000',
	website: 'https://harbourhomes.example',
	primaryColor: '#0F2A44',
	secondaryColor: '#ffffff',
	accentColor: '#f59e0b',
	fontFamily: 'Montserrat',
	templateStyle: 'luxury',
	...overrides,
})

async function onboard(cookie: string | null, fields: Record<string, string>, files: UploadFile[] = []) {
	const response = await call(onboardAction, multipartRequest('/api/onboard-agent', cookie, fields, files))
	return { status: response.status, body: (await response.json()) as Answer }
}

const svgLogo = (extra = '') =>
	Buffer.from(
		`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80">${extra}<rect width="200" height="80" fill="#0f2a44"/></svg>`,
	)

describe('agent onboarding (POST /api/onboard-agent)', () => {
	test.each([
		[{ companyName: '' }, 'Company name is required'],
		[{ agentName: '  ' }, 'Agent name is required'],
		[{ email: 'not-an-email' }, 'Valid email address is required'],
		[{ website: 'javascript:alert(1)' }, 'Please enter a valid URL'],
		[{ primaryColor: 'red' }, 'Must be a valid hex color'],
		[{ accentColor: '#12345' }, 'Must be a valid hex color'],
		[{ fontFamily: 'Comic Sans' }, 'Choose one of the listed fonts'],
		[{ templateStyle: 'brutalist' }, 'Choose modern, classic or luxury'],
		[{ market: 'FR' }, 'Choose one of the listed markets'],
		[{ disclosureText: ' AI ' }, 'Label wording must be 3 to 40 characters'],
		[{ disclosureText: 'Virtually staged by our in-house design team' }, 'Label wording must be 3 to 40 characters'],
	])('%o is refused with %j and nothing is stored', async (overrides, message) => {
		const user = await insertUser()
		const { status, body } = await onboard(await cookieFor(user), profile(overrides))
		expect(status).toBe(400)
		expect(body).toMatchObject({ success: false, message, agentId: null, previewUrl: null, dashboardUrl: null })
		expect(body.errors).toContain(message)
		expect(await db.select().from(agents).where(eq(agents.userId, user.id))).toEqual([])
	})

	test('every missing required field is listed at once; optional ones may be empty', async () => {
		const { status, body } = await onboard(await cookieFor(await insertUser()), {
			companyName: '',
			agentName: '',
			email: '',
			phone: '',
			website: '',
		})
		expect(status).toBe(400)
		expect(body.errors).toEqual([
			'Company name is required',
			'Agent name is required',
			'Valid email address is required',
		])
	})

	test('stores the profile and brand (defaults filled in), answers the links and sends a confirmation', async () => {
		const user = await insertUser()
		const fields = profile({ phone: '', website: '' })
		delete (fields as Record<string, string>).primaryColor
		const { status, body } = await onboard(await cookieFor(user), fields)
		expect(status).toBe(201)
		expect(body).toEqual({
			success: true,
			message: 'Your agent profile has been created successfully.',
			errors: [],
			agentId: expect.stringMatching(/^[0-9a-f-]{36}$/),
			previewUrl: '/test-brochure',
			dashboardUrl: '/dashboard',
		})
		const [agent] = await db.select().from(agents).where(eq(agents.userId, user.id))
		expect(agent).toMatchObject({
			id: body.agentId,
			companyName: 'Harbour Homes',
			agentName: 'Sam Taylor',
			email: fields.email,
			phone: null,
			website: null,
		})
		const [brand] = await db.select().from(brandAssets).where(eq(brandAssets.agentId, agent.id))
		expect(brand).toMatchObject({
			primaryColor: '#000000',
			secondaryColor: '#ffffff',
			accentColor: '#f59e0b',
			fontFamily: 'Montserrat',
			templateStyle: 'luxury',
			logoUrl: null,
		})

		await drainJobs()
		const mail = outboxMessages().find((m) => m.to === fields.email)
		expect(mail?.subject).toBe('Your Rendo agent profile is ready')
		expect(mail?.body).toContain('Hello Sam Taylor')
	})

	test("the agency's own label words are stored trimmed; empty means the default words", async () => {
		const user = await insertUser()
		const cookie = await cookieFor(user)
		const wording = async () => {
			const [row] = await db
				.select({ text: brandAssets.disclosureText, on: brandAssets.disclosureLabel })
				.from(brandAssets)
				.innerJoin(agents, eq(agents.id, brandAssets.agentId))
				.where(eq(agents.userId, user.id))
			return row
		}
		const fields = profile({ disclosureText: '  Digitally staged  ' })
		expect((await onboard(cookie, fields)).status).toBe(201)
		expect(await wording()).toEqual({ text: 'Digitally staged', on: true })
		expect(await agentBrandFor(user.id)).toMatchObject({ disclosureText: 'Digitally staged' })
		// Kept with the label off, so turning it back on brings them back.
		expect((await onboard(cookie, { ...fields, disclosureLabel: 'off' })).status).toBe(200)
		expect(await wording()).toEqual({ text: 'Digitally staged', on: false })
		expect((await onboard(cookie, { ...fields, disclosureText: '   ' })).status).toBe(200)
		expect(await wording()).toEqual({ text: null, on: true })
		expect(AgentProfileSchema.parse({ ...fields, disclosureText: 'Staged' }).disclosureText).toBe('Staged')
		expect(AgentProfileSchema.parse({ ...fields, disclosureText: '' }).disclosureText).toBeUndefined()
		expect(AgentProfileSchema.parse({ ...fields, disclosureText: undefined }).disclosureText).toBeUndefined()
	})

	test('a second onboarding updates the same rows instead of adding new ones, and keeps the logo', async () => {
		const user = await insertUser()
		const cookie = await cookieFor(user)
		const first = await onboard(cookie, profile(), [
			{ field: 'logo', bytes: svgLogo(), name: 'logo.svg', type: 'image/svg+xml' },
		])
		expect(first.status).toBe(201)
		const second = await onboard(
			cookie,
			profile({ companyName: 'Harbour & Co', templateStyle: 'classic', primaryColor: '#5b3a29' }),
			[{ field: 'logo', bytes: Buffer.alloc(0), name: '', type: 'application/octet-stream' }],
		)
		expect(second.status).toBe(200)
		expect(second.body).toMatchObject({
			success: true,
			agentId: first.body.agentId,
			message: 'Your agent profile has been updated successfully.',
		})

		const rows = await db.select().from(agents).where(eq(agents.userId, user.id))
		expect(rows).toHaveLength(1)
		expect(rows[0].companyName).toBe('Harbour & Co')
		const brands = await db.select().from(brandAssets).where(eq(brandAssets.agentId, rows[0].id))
		expect(brands).toHaveLength(1)
		expect(brands[0]).toMatchObject({
			templateStyle: 'classic',
			primaryColor: '#5b3a29',
			logoUrl: expect.stringContaining('/api/user/logo/image'),
		})
		const [account] = await db.select().from(users).where(eq(users.id, user.id))
		expect(account.logoUrl).toBeTruthy()
	})

	test('an SVG logo is stored as a PNG through the account logo service: no script rides along', async () => {
		const user = await insertUser()
		const { status } = await onboard(await cookieFor(user), profile(), [
			{ field: 'logo', bytes: svgLogo('<script>alert(1)</script>'), name: 'logo.svg', type: 'image/svg+xml' },
		])
		expect(status).toBe(201)
		const [account] = await db.select().from(users).where(eq(users.id, user.id))
		const object = await storage().get(account.logoUrl!)
		const chunks: Buffer[] = []
		for await (const chunk of object!.body) chunks.push(chunk as Buffer)
		const stored = Buffer.concat(chunks)
		expect((await sharp(stored).metadata()).format).toBe('png')
		expect(stored.includes('script')).toBe(false)
	})

	test('a logo that is not an image is refused with the spec title and nothing is stored', async () => {
		const user = await insertUser()
		const before = storedKeys().length
		const { status, body } = await onboard(await cookieFor(user), profile(), [
			{ field: 'logo', bytes: Buffer.from('%PDF-1.4 not a logo'), name: 'logo.png', type: 'image/png' },
		])
		expect(status).toBe(400)
		expect(body).toMatchObject({ success: false, message: 'Invalid File Type' })
		expect(storedKeys()).toHaveLength(before)
		expect(await db.select().from(agents).where(eq(agents.userId, user.id))).toEqual([])
	})

	test('a logo of 5 MB or more is refused as File Too Large', async () => {
		const user = await insertUser()
		const { status, body } = await onboard(await cookieFor(user), profile(), [
			{ field: 'logo', bytes: Buffer.alloc(5 * 1024 * 1024), name: 'logo.png', type: 'image/png' },
		])
		expect(status).toBe(400)
		expect(body).toMatchObject({ success: false, message: 'File Too Large' })
		expect(await db.select().from(agents).where(eq(agents.userId, user.id))).toEqual([])
	})

	test("another account's profile e-mail cannot be taken over", async () => {
		const fields = profile()
		expect((await onboard(await cookieFor(await insertUser()), fields)).status).toBe(201)
		const { status, body } = await onboard(await cookieFor(await insertUser()), {
			...fields,
			companyName: 'Impostor Estates',
		})
		expect(status).toBe(400)
		expect(body.message).toBe(EMAIL_TAKEN)
		const [agent] = await db.select().from(agents).where(eq(agents.email, fields.email))
		expect(agent.companyName).toBe('Harbour Homes')
	})

	test('the market the agency lists in: UK until it says otherwise, set and changed through the API, and in its schema', async () => {
		const user = await insertUser()
		const cookie = await cookieFor(user)
		// Before any profile, and after one that does not say.
		expect((await agentBrandFor(user.id)).market).toBe('UK')
		const fields = profile()
		expect((await onboard(cookie, fields)).status).toBe(201)
		expect((await agentBrandFor(user.id)).market).toBe('UK')

		expect((await onboard(cookie, { ...fields, market: 'US' })).status).toBe(200)
		const [agent] = await db.select().from(agents).where(eq(agents.userId, user.id))
		expect(agent.market).toBe('US')
		expect((await agentBrandFor(user.id)).market).toBe('US')
		expect((await onboardingDefaults(actorFor(user))).profile?.market).toBe('US')

		expect((await onboard(cookie, { ...fields, market: 'UK' })).status).toBe(200)
		expect((await agentBrandFor(user.id)).market).toBe('UK')

		// Scripts read the choices from the OpenAPI document, made from the same schema.
		const body = openApiDocument().paths?.['/api/onboard-agent']?.post?.requestBody as {
			content: Record<string, { schema: { allOf: Array<{ properties: Record<string, { enum?: string[] }> }> } }>
		}
		const [fieldsPart] = body.content['multipart/form-data'].schema.allOf
		expect(fieldsPart.properties.market).toMatchObject({ enum: ['UK', 'US'], default: 'UK' })
	})

	test('signing in is required', async () => {
		const response = await call(onboardAction, multipartRequest('/api/onboard-agent', null, profile()))
		expect(response.status).toBe(401)
	})
})
