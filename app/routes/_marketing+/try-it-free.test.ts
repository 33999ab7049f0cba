import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { tryItFreeLeads } from '#db/schema/leads.ts'
import { registerUser } from '#core/accounts/register.ts'
import { renderTrial } from '#core/leads/render-trial.ts'
import { TOO_MANY_PIXELS } from '#core/studio/original-image.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { storage } from '#core/platform/storage.ts'
import { buildRegistration, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { outboxMessages } from '#tests/outbox.ts'
import { getRequest, settle } from '#tests/request.ts'
import { cookieFor, smallRoomPhoto } from '#tests/studio.ts'
import { action as landingAction, loader as landingLoader } from './_index.tsx'
import { action as trialAction } from '#app/routes/api+/try-it-free.ts'
import { loader as trialPageLoader } from './trial.$token.tsx'
import { loader as trialImageLoader } from '#app/routes/_files+/trial.$token_.$image.ts'
import { decompressionBomb } from '#tests/fixtures/decompression-bomb.ts'

type Image = { bytes: Buffer | Uint8Array; name: string; type?: string }

function uniqueEmail() {
	return `visitor.${randomUUID().slice(0, 8)}@example.com`
}

function validFields(overrides: Record<string, string> = {}) {
	return {
		name: 'Vera Visitor',
		email: uniqueEmail(),
		roomType: 'living_room',
		style: 'scandinavian',
		requiresDeclutter: 'false',
		...overrides,
	}
}

function trialRequest(fields: Record<string, string>, image: Image | null, url = '/api/try-it-free') {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	if (image)
		form.set('image', new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'image/jpeg' }), image.name)
	return new Request(`http://localhost:3000${url}`, { method: 'POST', body: form })
}

/** Each test gets its own client address, so the per-address limit only meets the test about it. */
function post(fields: Record<string, string>, image: Image | null, address: string = randomUUID()) {
	return trialAction({ request: trialRequest(fields, image), params: {}, context: { clientAddress: address } } as never)
}

async function photo(): Promise<Image> {
	return { bytes: await smallRoomPhoto(), name: 'lounge.jpg' }
}

async function leadCount() {
	const [{ n }] = await db.select({ n: count() }).from(tryItFreeLeads)
	return n
}

async function leadFor(email: string) {
	const [lead] = await db
		.select()
		.from(tryItFreeLeads)
		.where(eq(sql`lower(${tryItFreeLeads.email})`, email.toLowerCase()))
	return lead
}

function storedTrialFiles() {
	const dir = path.join(config().dataDir, 'files', 'trials')
	return fs.existsSync(dir)
		? fs
				.readdirSync(dir, { recursive: true })
				.map(String)
				.filter((f) => f.endsWith('.jpg'))
		: []
}

function uploadTempFiles() {
	const dir = path.join(os.tmpdir(), 'rendo-uploads')
	return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0
}

/** Asserts a failed submission left nothing: no row, no stored file. */
async function expectNothingStored(before: { leads: number; files: number }) {
	expect(await leadCount()).toBe(before.leads)
	expect(storedTrialFiles()).toHaveLength(before.files)
}

async function snapshot() {
	return { leads: await leadCount(), files: storedTrialFiles().length }
}

describe('POST /api/try-it-free', () => {
	test('a trial is stored, rendered in the background and e-mailed with a working link to before and after', async () => {
		const fields = validFields({ requiresDeclutter: 'true' })
		const response = await post(fields, await photo())
		expect(response.status).toBe(201)
		expect(await response.json()).toEqual({
			success: true,
			message: `We'll email your transformed image to ${fields.email} in the next few minutes`,
		})

		const lead = await leadFor(fields.email)
		expect(lead).toMatchObject({
			name: 'Vera Visitor',
			roomType: 'living_room',
			style: 'scandinavian',
			requiresDeclutter: true,
			status: 'processing',
			transformedImageUrl: null,
			viewCount: 0,
			hasConverted: false,
		})
		expect(lead.uniqueToken).toMatch(/^[0-9a-f]{32}$/)
		expect(await storage().exists(lead.originalImageUrl!)).toBe(true)
		const [{ jobs }] = (
			await db.execute(
				sql`select count(*)::int as jobs from graphile_worker.jobs where task_identifier = 'render_trial'`,
			)
		).rows as Array<{ jobs: number }>
		expect(jobs).toBe(1)

		await drainJobs()
		const done = await leadFor(fields.email)
		expect(done.status).toBe('completed')
		expect(done.transformedImageUrl).toBeTruthy()
		expect(done.completedAt).toBeInstanceOf(Date)
		expect(done.emailSentAt).toBeInstanceOf(Date)

		const mail = outboxMessages().find((m) => m.to.includes(fields.email))
		expect(mail?.subject).toBe('Your Rendo transformation is ready')
		const link = mail!.body.match(/https?:\/\/\S+\/trial\/[0-9a-f]{32}/)?.[0]
		expect(link).toBe(`${config().appUrl}/trial/${done.uniqueToken}`)
		expect(mail!.body).toContain('Content-Type: image/jpeg')
		// The local preview made it, and the e-mail says so.
		expect(mail!.body).toContain('Preview, not staged: this image is a colour preview of the style')

		// The link works: the page shows the trial and counts the view; both images are served.
		const token = new URL(link!).pathname.split('/')[2]
		const page = await settle(() =>
			trialPageLoader({ request: getRequest(`/trial/${token}`), params: { token }, context: {} }),
		)
		expect(page.status).toBe(200)
		expect(page.data).toMatchObject({ name: 'Vera Visitor', status: 'completed', hasStaged: true })
		expect((await leadFor(fields.email)).viewCount).toBe(1)
		for (const image of ['before', 'after']) {
			const served = (await trialImageLoader({
				request: getRequest(`/trial/${token}/${image}`),
				params: { token, image },
				context: {},
			})) as Response
			expect(served.status).toBe(200)
			expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('jpeg')
		}

		// The same job again (a retry after a crash) renders and mails nothing more.
		const mails = outboxMessages().length
		await renderTrial({ leadId: done.id })
		expect(outboxMessages()).toHaveLength(mails)
		expect((await leadFor(fields.email)).transformedImageUrl).toBe(done.transformedImageUrl)
	})

	test('fields are checked in the spec order with the spec messages, and a failure stores nothing', async () => {
		const before = await snapshot()
		const image = await photo()
		const cases: Array<[Record<string, string>, Image | null, string]> = [
			[{}, null, 'Please enter your name'],
			[{ name: '   ' }, image, 'Please enter your name'],
			[{ name: 'Vera' }, image, 'Please enter a valid email address'],
			[{ name: 'Vera', email: 'vera@example' }, image, 'Please enter a valid email address'],
			[{ name: 'Vera', email: 'vera@example.com' }, image, 'Please select a room type'],
			[{ name: 'Vera', email: 'vera@example.com', roomType: 'garage' }, image, 'Please select a room type'],
			[{ name: 'Vera', email: 'vera@example.com', roomType: 'kitchen' }, image, 'Please select a furniture style'],
			[
				{ name: 'Vera', email: 'vera@example.com', roomType: 'kitchen', style: 'gothic' },
				image,
				'Please select a furniture style',
			],
			[
				{ name: 'Vera', email: 'vera@example.com', roomType: 'kitchen', style: 'luxury' },
				null,
				'Please select an image to transform',
			],
			[
				{ name: 'Vera', email: 'vera@example.com', roomType: 'kitchen', style: 'luxury' },
				{ bytes: Buffer.alloc(0), name: '' },
				'Please select an image to transform',
			],
		]
		for (const [fields, file, message] of cases) {
			const response = await post(fields, file)
			expect(response.status, message).toBe(400)
			expect(((await response.json()) as { message: string }).message).toBe(message)
		}
		await expectNothingStored(before)
	})

	test('a second trial for the same address, in another case and with spaces, is 409', async () => {
		const fields = validFields()
		expect((await post(fields, await photo())).status).toBe(201)
		const before = await snapshot()
		const again = await post({ ...fields, email: `  ${fields.email.toUpperCase()} ` }, await photo())
		expect(again.status).toBe(409)
		expect(await again.json()).toEqual({ message: 'This email address has already been used for a free trial' })
		await expectNothingStored(before)
	})

	test('two simultaneous trials for one address make exactly one lead and one 409', async () => {
		const fields = validFields()
		const image = await photo()
		const statuses = (
			await Promise.all([post(fields, image), post({ ...fields, email: fields.email.toUpperCase() }, image)])
		).map((r) => r.status)
		expect(statuses.sort()).toEqual([201, 409])
		const [{ n }] = await db
			.select({ n: count() })
			.from(tryItFreeLeads)
			.where(eq(sql`lower(${tryItFreeLeads.email})`, fields.email.toLowerCase()))
		expect(n).toBe(1)
	})

	test('an image of 5 MB + 1 byte is cut off while streaming: 413, nothing stored, no temp file left', async () => {
		const before = await snapshot()
		const temps = uploadTempFiles()
		const bytes = Buffer.alloc(5 * 1024 * 1024 + 1, 0xff)
		const response = await post(validFields(), { bytes, name: 'huge.jpg' })
		expect(response.status).toBe(413)
		expect(await response.json()).toEqual({
			message: 'Image must be smaller than 5MB',
			errors: { image: ['Image must be smaller than 5MB'] },
		})
		await expectNothingStored(before)
		expect(uploadTempFiles()).toBe(temps)
	})

	test('an image of exactly 5 MB is accepted', async () => {
		// A real JPEG padded after its end marker: decoders ignore trailing bytes.
		const jpeg = await smallRoomPhoto()
		const bytes = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 - jpeg.length)])
		expect((await post(validFields(), { bytes, name: 'five.jpg' })).status).toBe(201)
	})

	test('a text file named .jpg and declared image/jpeg is 415', async () => {
		const before = await snapshot()
		const response = await post(validFields(), {
			bytes: Buffer.from('hello, I am not a photo\n'.repeat(100)),
			name: 'room.jpg',
			type: 'image/jpeg',
		})
		expect(response.status).toBe(415)
		expect(((await response.json()) as { message: string }).message).toBe(
			'Please select an image file (JPEG, PNG, etc.)',
		)
		await expectNothingStored(before)
	})

	test('a photo whose header is fine but whose pixels are cut short is 415', async () => {
		const before = await snapshot()
		const jpeg = await smallRoomPhoto()
		const response = await post(validFields(), { bytes: jpeg.subarray(0, jpeg.length / 2), name: 'cut.jpg' })
		expect(response.status).toBe(415)
		await expectNothingStored(before)
	})

	test('a tiny PNG declaring 30000×30000 pixels is refused from its header, without decoding', async () => {
		const before = await snapshot()
		// Its pixel data is an empty stream, so an attempt to decode it would fail as a broken photo (415):
		// the pixel-count refusal can only come from the header.
		const response = await post(validFields(), { bytes: decompressionBomb(), name: 'bomb.png', type: 'image/png' })
		expect(response.status).toBe(413)
		expect(((await response.json()) as { message: string }).message).toBe(TOO_MANY_PIXELS)
		await expectNothingStored(before)
	})

	test('a GIF photo is accepted and stored as a JPEG', async () => {
		const gif = await sharp(await smallRoomPhoto())
			.gif()
			.toBuffer()
		const fields = validFields()
		expect((await post(fields, { bytes: gif, name: 'room.gif', type: 'image/gif' })).status).toBe(201)
		const lead = await leadFor(fields.email)
		const stored = await storage().get(lead.originalImageUrl!)
		const chunks: Buffer[] = []
		for await (const chunk of stored!.body) chunks.push(chunk as Buffer)
		expect((await sharp(Buffer.concat(chunks)).metadata()).format).toBe('jpeg')
	})

	test('a filled honeypot is refused and stores nothing', async () => {
		const before = await snapshot()
		const response = await post({ ...validFields(), name__confirm: 'http://spam.example' }, await photo())
		expect(response.status).toBe(400)
		expect(await response.json()).toEqual({ message: 'Form not submitted properly' })
		await expectNothingStored(before)
	})

	test('an address gets 30 submissions an hour; the 31st is 429 with Retry-After', async () => {
		const address = `198.51.100.${Math.floor(Math.random() * 250)}`
		for (let i = 0; i < 30; i++) expect((await post({}, null, address)).status).toBe(400)
		const limited = await post(validFields(), await photo(), address)
		expect(limited.status).toBe(429)
		expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many free-trial requests/)
		// Another address is not affected.
		expect((await post(validFields(), await photo())).status).toBe(201)
	})

	test('registering with the trial address records the conversion', async () => {
		const fields = validFields()
		expect((await post(fields, await photo())).status).toBe(201)
		await registerUser(buildRegistration({ email: fields.email.toUpperCase() }) as never)
		const lead = await leadFor(fields.email)
		expect(lead.hasConverted).toBe(true)
		expect(lead.conversionDate).toBeInstanceOf(Date)
	})

	test('a render that cannot succeed marks the lead failed and sends no e-mail', async () => {
		const fields = validFields()
		expect((await post(fields, await photo())).status).toBe(201)
		await storage().delete((await leadFor(fields.email)).originalImageUrl!)
		await drainJobs()
		const lead = await leadFor(fields.email)
		expect(lead.status).toBe('failed')
		expect(lead.emailSentAt).toBeNull()
		expect(outboxMessages().some((m) => m.to.includes(fields.email))).toBe(false)
	})
})

describe('the trial page', () => {
	test('an unknown or malformed token is a 404', async () => {
		for (const token of ['0'.repeat(32), 'not-a-token']) {
			const result = await settle(() =>
				trialPageLoader({ request: getRequest(`/trial/${token}`), params: { token }, context: {} }),
			)
			expect(result.status).toBe(404)
		}
	})
})

describe('the landing page form without JavaScript', () => {
	const submit = (fields: Record<string, string>, image: Image | null) =>
		settle(() =>
			landingAction({
				request: trialRequest(fields, image, '/?index'),
				params: {},
				context: { clientAddress: randomUUID() },
			} as never),
		)

	test('re-renders with the success panel, then the already-used panel', async () => {
		const fields = validFields()
		expect(await submit(fields, await photo())).toMatchObject({
			status: 200,
			data: { trial: { kind: 'sent', email: fields.email } },
		})
		expect(await submit(fields, await photo())).toMatchObject({ status: 409, data: { trial: { kind: 'used' } } })
	})

	test('re-renders the form with the typed values and the errors under their fields', async () => {
		const result = await submit({ name: 'Vera', email: 'nope' }, null)
		expect(result.status).toBe(400)
		expect(result.data).toEqual({
			trial: {
				kind: 'error',
				message: null,
				result: {
					status: 'error',
					initialValue: { name: 'Vera', email: 'nope' },
					error: {
						email: ['Please enter a valid email address'],
						roomType: ['Please select a room type'],
						style: ['Please select a furniture style'],
						image: ['Please select an image to transform'],
					},
				},
			},
		})
	})
})

describe('the landing page', () => {
	test('sends an admin to /admin and lets everyone else in', async () => {
		const visitor = await settle(() => landingLoader({ request: getRequest('/'), params: {}, context: {} }))
		expect(visitor.status).toBe(200)
		const cookie = await cookieFor(await insertUser({ role: 'admin' }))
		const redirected = await settle(() =>
			landingLoader({ request: getRequest('/', { cookie }), params: {}, context: {} }),
		)
		expect(redirected.status).toBe(302)
		expect(redirected.headers.get('Location')).toBe('/admin')
	})
})
