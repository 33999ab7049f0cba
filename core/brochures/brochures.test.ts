import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { propertyBrochures, roomImages } from '#db/schema/brochures.ts'
import { emailEvents, rendoProjects } from '#db/schema/properties.ts'
import { transformations } from '#db/schema/transformations.ts'
import { loader as listLoader } from '#app/routes/api+/agent.brochures.ts'
import { action as regenerateAction } from '#app/routes/api+/brochures.$id.regenerate.ts'
import { action as sendAction } from '#app/routes/api+/brochures.$id.send-email.ts'
import { loader as downloadLoader } from '#app/routes/api+/brochures.$uniqueToken.ts'
import { loader as pixelLoader } from '#app/routes/api+/brochures.$uniqueToken_.open.ts'
import { action as multiAction } from '#app/routes/api+/client-preferences-multi-room.ts'
import { action as onboardAction } from '#app/routes/api+/onboard-agent.ts'
import { action as testBrochureAction, loader as testBrochureLoader } from '#app/routes/api+/test-brochure.ts'
import { db } from '#core/platform/db.ts'
import { storage } from '#core/platform/storage.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { call, multipartRequest, pdfPages } from '#tests/brochures.ts'
import { insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { outboxMessages } from '#tests/outbox.ts'
import { getRequest, jsonRequest } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import type { AgentBrochure } from './agent-brochures.ts'
import { postTwoRoomPreference } from '#tests/preferences.ts'

const ADDRESS = '12 Oak Street, Bristol BS1 4DJ'
const BUYER = 'Jane Buyer'

let agentCookie: string
let strangerCookie: string
let brochure: AgentBrochure

async function list(cookie: string) {
	const response = await call(listLoader, getRequest('/api/agent/brochures', { cookie }))
	expect(response.status).toBe(200)
	return (await response.json()) as AgentBrochure[]
}

async function download(token: string, query = '') {
	return call(downloadLoader, getRequest(`/api/brochures/${token}${query}`), { uniqueToken: token })
}

beforeAll(async () => {
	const agent = await insertUser({ firstName: 'Sam' })
	agentCookie = await cookieFor(agent)
	strangerCookie = await cookieFor(await insertUser())
	const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#1d4ed8' } })
		.png()
		.toBuffer()
	const onboarded = await call(
		onboardAction,
		multipartRequest(
			'/api/onboard-agent',
			agentCookie,
			{
				companyName: 'Harbour Homes',
				agentName: 'Sam Taylor',
				email: 'sam@harbourhomes.example',
				phone: '0117 496 0000',
				website: 'https://harbourhomes.example',
				primaryColor: '#0f2a44',
				secondaryColor: '#ffffff',
				accentColor: '#f59e0b',
				fontFamily: 'Playfair Display',
				templateStyle: 'classic',
			},
			[{ field: 'logo', bytes: logo, name: 'logo.png', type: 'image/png' }],
		),
	)
	expect(onboarded.status).toBe(201)

	const files = await Promise.all(
		['living-room.jpg', 'kitchen.jpg', 'master-bedroom.jpg'].map(async (name, seed) => ({
			field: 'property-images',
			name,
			bytes: await makeRoomPhoto({ width: 800, height: 600, seed: seed + 1 }),
		})),
	)
	const submitted = await call(
		multiAction,
		multipartRequest(
			'/api/client-preferences-multi-room',
			agentCookie,
			{
				clientName: BUYER,
				propertyAddress: ADDRESS,
				stylePreference: 'scandinavian',
				agentEmail: 'desk@harbourhomes.example',
				notes: 'Loves reading nooks',
			},
			files,
		),
	)
	expect(submitted.status).toBe(201)
	expect((await list(agentCookie))[0].status).toBe('processing')
	await drainJobs()
	;[brochure] = await list(agentCookie)
}, 120_000)

describe('a client preference becomes a branded brochure', () => {
	test('the dashboard lists it as ready, with the spec fields', () => {
		expect(brochure).toMatchObject({
			status: 'ready',
			stylePreference: 'scandinavian',
			buyerName: BUYER,
			downloadCount: 0,
			roomCount: 3,
			downloadUrl: `/api/brochures/${brochure.uniqueToken}`,
			fileName: 'brochure-12-oak-street-bristol-bs1-4dj-jane-buyer.pdf',
			property: { address: ADDRESS, clientName: BUYER },
			lastEmail: null,
		})
		expect(brochure.generatedAt).not.toBeNull()
	})

	test('the PDF names the address, buyer, rooms, style and agent, and each room page carries the before and staged after', async () => {
		const response = await download(brochure.uniqueToken)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('application/pdf')
		expect(response.headers.get('content-disposition')).toContain(brochure.fileName!)
		const pages = await pdfPages(Buffer.from(await response.arrayBuffer()))
		expect(pages).toHaveLength(5)
		const [cover, ...rest] = pages
		const closing = rest.pop()!
		expect(cover.text).toContain(ADDRESS)
		expect(cover.text).toContain(`Prepared for ${BUYER}`)
		expect(rest.map((p) => p.text)).toEqual([
			expect.stringContaining('Living Room'),
			expect.stringContaining('Kitchen'),
			expect.stringContaining('Bedroom'),
		])
		for (const room of rest) {
			// The local preview made the 'after' photos, and the caption says so.
			expect(room.text).toContain('Preview, not staged · Scandinavian')
			expect(room.text).not.toContain('Staged in')
			expect(room.images).toBe(2)
		}
		for (const detail of [
			'Sam Taylor',
			'Harbour Homes',
			'sam@harbourhomes.example',
			'0117 496 0000',
			'harbourhomes.example',
			'Loves reading nooks',
		])
			expect(closing.text).toContain(detail)
		// The cover shows the first staged room and the agent's logo.
		expect(cover.images).toBe(2)
	})

	test('the rooms were staged through the Renderer and every row is linked and settled', async () => {
		const rooms = await db.select().from(roomImages).where(eq(roomImages.brochureId, brochure.uniqueToken))
		expect(rooms).toHaveLength(3)
		for (const room of rooms) {
			expect(room.stagedImageUrl).toBe(`brochure-rooms/${room.id}/staged.jpg`)
			expect(room.originalImageUrl).toBe(`brochure-rooms/${room.id}/original.jpg`)
			expect(room.completedAt).not.toBeNull()
		}
		const [row] = await db.select().from(propertyBrochures).where(eq(propertyBrochures.id, brochure.id))
		const [project] = await db
			.select()
			.from(rendoProjects)
			.where(eq(rendoProjects.transformationId, row.transformationId!))
		expect(project).toMatchObject({ status: 'completed', propertyId: row.propertyId })
		const [transformation] = await db
			.select()
			.from(transformations)
			.where(eq(transformations.id, row.transformationId!))
		expect(transformation).toMatchObject({
			status: 'completed',
			style: 'scandinavian',
			afterImageUrl: expect.stringContaining('staged.jpg'),
		})
		expect(row.agentId).not.toBeNull()
	})

	test("the agent's address from the form hears when it is ready", () => {
		const notice = outboxMessages().find((m) => m.to === 'desk@harbourhomes.example')
		expect(notice?.subject).toBe(`Brochure ready: ${ADDRESS}`)
		expect(notice?.body).toContain('/brochures')
	})
})

describe('downloads by token', () => {
	test('20 concurrent fetches count 20 downloads', async () => {
		const [{ downloadCount: before }] = await db
			.select()
			.from(propertyBrochures)
			.where(eq(propertyBrochures.id, brochure.id))
		const responses = await Promise.all(Array.from({ length: 20 }, () => download(brochure.uniqueToken)))
		expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200))
		await Promise.all(responses.map((r) => r.arrayBuffer()))
		const [{ downloadCount }] = await db.select().from(propertyBrochures).where(eq(propertyBrochures.id, brochure.id))
		expect(downloadCount).toBe(before + 20)
	})

	test.each([
		['an unknown token', 'f'.repeat(32)],
		['a malformed token', "1' or '1'='1"],
		['the brochure id', '00000000-0000-4000-8000-000000000000'],
	])('%s is a plain 404', async (_name, token) => {
		const response = await download(token)
		expect(response.status).toBe(404)
		expect(await response.json()).toEqual({ message: 'Not found' })
	})
})

describe('sending to a buyer', () => {
	test('only name and a valid e-mail are required', async () => {
		for (const [payload, message] of [
			[{ buyerName: '', buyerEmail: 'jane@example.com' }, 'Buyer name is required'],
			[{ buyerName: 'Jane', buyerEmail: '' }, 'Buyer email is required'],
			[{ buyerName: 'Jane', buyerEmail: 'jane@' }, 'Valid email address is required'],
		] as const) {
			const response = await call(
				sendAction,
				jsonRequest(`/api/brochures/${brochure.id}/send-email`, payload, { cookie: agentCookie }),
				{ id: brochure.id },
			)
			expect(response.status).toBe(400)
			expect(((await response.json()) as { message: string }).message).toBe(message)
		}
	})

	test('a branded e-mail with the buyer name and a tracked link goes out; the link and pixel record the click and open', async () => {
		const response = await call(
			sendAction,
			jsonRequest(
				`/api/brochures/${brochure.id}/send-email`,
				{
					buyerName: 'Jane Q. Buyer',
					buyerEmail: 'jane.buyer@example.com',
					personalMessage: 'Hi Jane,\n\nLovely to meet you <today>.',
				},
				{ cookie: agentCookie },
			),
			{ id: brochure.id },
		)
		expect(response.status).toBe(200)
		const { emailEventId } = (await response.json()) as { emailEventId: string }
		await drainJobs()

		const mail = outboxMessages().find((m) => m.to === 'jane.buyer@example.com')!
		expect(mail.subject).toBe(`Harbour Homes: your brochure for ${ADDRESS}`)
		expect(mail.body).toContain('Jane Q. Buyer')
		// The HTML part escapes what the agent typed; the plain-text part keeps it as written.
		const html = mail.body.slice(mail.body.indexOf('<!doctype html>'))
		expect(html).toContain('Lovely to meet you &lt;today&gt;.')
		expect(html).not.toContain('<today>')
		expect(mail.body).toContain('Content-Type: text/plain')
		const link = mail.body.match(/https?:\/\/[^\s"<]+\/api\/brochures\/[0-9a-f]{32}\?e=[0-9a-f-]{36}/)![0]
		expect(link).toContain(`${brochure.uniqueToken}?e=${emailEventId}`)
		const pixel = mail.body.match(/https?:\/\/[^\s"<]+\/open\?e=[0-9a-f-]{36}/)![0]

		const [sent] = await db.select().from(emailEvents).where(eq(emailEvents.id, emailEventId))
		expect(sent).toMatchObject({ recipientEmail: 'jane.buyer@example.com', openedAt: null, clickedAt: null })
		expect(sent.sentAt).not.toBeNull()

		const opened = await call(pixelLoader, getRequest(new URL(pixel).pathname + new URL(pixel).search), {
			uniqueToken: brochure.uniqueToken,
		})
		expect(opened.headers.get('content-type')).toBe('image/gif')
		const url = new URL(link)
		const clicked = await download(brochure.uniqueToken, url.search)
		expect(clicked.status).toBe(200)
		expect(
			Buffer.from(await clicked.arrayBuffer())
				.subarray(0, 5)
				.toString(),
		).toBe('%PDF-')
		const [tracked] = await db.select().from(emailEvents).where(eq(emailEvents.id, emailEventId))
		expect(tracked.openedAt).not.toBeNull()
		expect(tracked.clickedAt).not.toBeNull()

		const [listed] = await list(agentCookie)
		expect(listed).toMatchObject({
			buyerName: 'Jane Q. Buyer',
			buyerEmail: 'jane.buyer@example.com',
			lastEmail: { recipientEmail: 'jane.buyer@example.com' },
		})
		expect(listed.lastEmail?.clickedAt).not.toBeNull()
	})

	test('an event id paired with another brochure changes nothing', async () => {
		const [event] = await db.select().from(emailEvents).limit(1)
		await db.update(emailEvents).set({ clickedAt: null }).where(eq(emailEvents.id, event.id))
		const other = await call(testBrochureAction, jsonRequest('/api/test-brochure', {}, { cookie: strangerCookie }))
		const { brochure: sample } = (await other.json()) as { brochure: { uniqueToken: string } }
		const fetched = await download(sample.uniqueToken, `?e=${event.id}`)
		await fetched.body?.cancel() // the PDF itself is not the point; cancelling closes its file
		const [after] = await db.select().from(emailEvents).where(eq(emailEvents.id, event.id))
		expect(after.clickedAt).toBeNull()
	})
})

describe("another agent's brochure", () => {
	test('cannot be listed, sent or regenerated', async () => {
		expect(await list(strangerCookie)).toEqual([])
		const send = await call(
			sendAction,
			jsonRequest(
				`/api/brochures/${brochure.id}/send-email`,
				{ buyerName: 'Mallory', buyerEmail: 'mallory@example.com' },
				{ cookie: strangerCookie },
			),
			{ id: brochure.id },
		)
		expect(send.status).toBe(404)
		const regenerate = await call(
			regenerateAction,
			jsonRequest(`/api/brochures/${brochure.id}/regenerate`, {}, { cookie: strangerCookie }),
			{ id: brochure.id },
		)
		expect(regenerate.status).toBe(404)
		const events = await db.select().from(emailEvents).where(eq(emailEvents.recipientEmail, 'mallory@example.com'))
		expect(events).toEqual([])
	})

	test('its owner can regenerate it', async () => {
		const response = await call(
			regenerateAction,
			jsonRequest(`/api/brochures/${brochure.id}/regenerate`, {}, { cookie: agentCookie }),
			{ id: brochure.id },
		)
		expect(response.status).toBe(202)
		await drainJobs()
		const [row] = await db.select().from(propertyBrochures).where(eq(propertyBrochures.id, brochure.id))
		expect(row.generatedAt!.getTime()).toBeGreaterThan(new Date(brochure.generatedAt!).getTime())
	})
})

describe('the test brochure', () => {
	test('is built from the shipped photos in the caller’s brand and downloads by token', async () => {
		const response = await call(testBrochureAction, jsonRequest('/api/test-brochure', {}, { cookie: agentCookie }))
		expect(response.status).toBe(200)
		const body = (await response.json()) as {
			success: boolean
			message: string
			brochure: { fileName: string; uniqueToken: string; downloadUrl: string }
		}
		expect(body).toMatchObject({
			success: true,
			message: 'Test brochure generated in your classic template',
			brochure: {
				fileName: 'test-brochure-14-harbour-view-bristol-bs1-5ll-alex-morgan.pdf',
				downloadUrl: `/api/brochures/${body.brochure.uniqueToken}`,
			},
		})
		const pages = await pdfPages(Buffer.from(await (await download(body.brochure.uniqueToken)).arrayBuffer()))
		expect(pages[0].text).toContain('14 Harbour View, Bristol BS1 5LL')
		expect(pages.at(-1)!.text).toContain('Sam Taylor')
		// Not one of the agent's listed brochures: it has no property.
		expect((await list(agentCookie)).map((b) => b.uniqueToken)).not.toContain(body.brochure.uniqueToken)
	})

	test('needs a signed-in user', async () => {
		expect((await call(testBrochureAction, jsonRequest('/api/test-brochure', {}))).status).toBe(401)
	})

	test('a GET makes nothing: it is refused with 405 and no row or file is written', async () => {
		const before = await db.select({ id: propertyBrochures.id }).from(propertyBrochures)
		const response = await call(testBrochureLoader, getRequest('/api/test-brochure', { cookie: agentCookie }))
		expect(response.status).toBe(405)
		expect(response.headers.get('allow')).toBe('POST')
		expect(await db.select({ id: propertyBrochures.id }).from(propertyBrochures)).toHaveLength(before.length)
	})
})

describe('when rooms cannot be staged', () => {
	async function submitTwoRooms(cookie: string) {
		const response = await postTwoRoomPreference(cookie, {
			clientName: 'Lee Buyer',
			propertyAddress: '9 Pier Road, Hove BN3 1AA',
			stylePreference: 'modern',
			agentEmail: 'x@example.com',
		})
		const { details } = (await response.json()) as { details: { brochureId: string } }
		const [row] = await db.select().from(propertyBrochures).where(eq(propertyBrochures.id, details.brochureId))
		return db.select().from(roomImages).where(eq(roomImages.brochureId, row.uniqueToken))
	}

	test('a room whose render gives up is left out and the brochure is built from the others', async () => {
		const cookie = await cookieFor(await insertUser())
		const [lost] = await submitTwoRooms(cookie)
		await storage().delete(lost.originalImageUrl!)
		await drainJobs()
		const [listed] = await list(cookie)
		expect(listed).toMatchObject({ status: 'ready', roomCount: 2 })
		const pages = await pdfPages(Buffer.from(await (await download(listed.uniqueToken)).arrayBuffer()))
		expect(pages).toHaveLength(3)
	})

	test('with no room staged the brochure is failed, and Try Again queues the work again', async () => {
		const cookie = await cookieFor(await insertUser())
		const rooms = await submitTwoRooms(cookie)
		const originals = await Promise.all(
			rooms.map(async (room) => [room.originalImageUrl!, await storage().get(room.originalImageUrl!)] as const),
		)
		const saved = await Promise.all(
			originals.map(async ([key, object]) => {
				const chunks: Buffer[] = []
				for await (const chunk of object!.body) chunks.push(chunk as Buffer)
				return [key, Buffer.concat(chunks)] as const
			}),
		)
		for (const [key] of saved) await storage().delete(key)
		await drainJobs()
		const [failed] = await list(cookie)
		expect(failed).toMatchObject({ status: 'failed', downloadUrl: null })

		// The photos are back (say, restored): Try Again renders the rooms and builds the PDF.
		for (const [key, bytes] of saved) await storage().put(key, bytes, { contentType: 'image/jpeg' })
		const retry = await call(regenerateAction, jsonRequest(`/api/brochures/${failed.id}/regenerate`, {}, { cookie }), {
			id: failed.id,
		})
		expect(retry.status).toBe(202)
		expect((await list(cookie))[0].status).toBe('processing')
		await drainJobs()
		expect((await list(cookie))[0]).toMatchObject({ status: 'ready', roomCount: 2 })
	})
})
