import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { propertyBrochures, roomImages } from '#db/schema/brochures.ts'
import { stagingRenders } from '#db/schema/staging.ts'
import { loader as photoLoader } from '#app/routes/_files+/brochure.$uniqueToken_.rooms.$roomId.$image.ts'
import { loader as copyLoader } from '#app/routes/_files+/brochure.$uniqueToken_.rooms.$roomId.$image_.$copy.ts'
import { onboardAgent } from '#core/accounts/agent-profile.ts'
import { NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { call, submitMultiRoomBrochure } from '#tests/brochures.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { getRequest } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import type { AgentBrochure } from './agent-brochures.ts'
import { brochureSubjectKey } from './render-room.ts'
import { brochureRoomPhotoKey, viewBrochure } from './web-view.ts'

let brochure: AgentBrochure
let user: Awaited<ReturnType<typeof insertUser>>

beforeAll(async () => {
	user = await insertUser({ firstName: 'Wes' })
	const cookie = await cookieFor(user)
	const photos = await Promise.all(
		['kitchen.jpg', 'bedroom.jpg', 'second-bedroom.jpg'].map(async (name, seed) => ({
			name,
			bytes: await makeRoomPhoto({ width: 400, height: 300, seed: seed + 1 }),
		})),
	)
	const fields = {
		clientName: 'Ann Buyer',
		propertyAddress: '3 Harbour Row, Bristol',
		stylePreference: 'coastal',
		agentEmail: 'wes@example.com',
	}
	brochure = await submitMultiRoomBrochure(cookie, fields, photos)
}, 120_000)

describe("a brochure's web page", () => {
	test('the dashboard links to it once the brochure is built', () => {
		expect(brochure).toMatchObject({ status: 'ready', webUrl: `/brochure/${brochure.uniqueToken}` })
	})

	test('shows the property and every staged room in upload order, with its photos by the token', async () => {
		const view = await viewBrochure(brochure.uniqueToken)
		const page = `/brochure/${brochure.uniqueToken}`
		expect(view).toMatchObject({
			address: '3 Harbour Row, Bristol',
			buyerName: 'Ann Buyer',
			styleLabel: 'Coastal',
			brand: { companyName: null, agentName: expect.stringContaining('Wes'), email: expect.stringContaining('@') },
			downloadUrl: `/api/brochures/${brochure.uniqueToken}`,
		})
		expect(view.rooms.map((room) => room.name)).toEqual(['Kitchen', 'Bedroom', 'Bedroom 2'])
		for (const room of view.rooms) {
			expect(room).toMatchObject({
				anchor: `room-${room.id}`,
				isPreview: true,
				disclosure: false,
				// The local preview only colour-grades: no label, but the original is still beside it.
				label: null,
				statement: 'The original photo is shown beside it.',
				before: `${page}/rooms/${room.id}/before`,
				after: `${page}/rooms/${room.id}/after`,
			})
			for (const which of ['before', 'after']) {
				const response = await call(photoLoader, getRequest(`${page}/rooms/${room.id}/${which}`), {
					uniqueToken: brochure.uniqueToken,
					roomId: room.id,
					image: which,
				})
				expect(response.status).toBe(200)
				expect(response.headers.get('content-type')).toBe('image/jpeg')
				await response.arrayBuffer()
			}
		}
	})

	test('each photo offers its smaller copies, served by the token: the copies it has, the photo itself for a size it has none of', async () => {
		const view = await viewBrochure(brochure.uniqueToken)
		const page = `/brochure/${brochure.uniqueToken}`
		const get = async (roomId: string, image: string, copy: string, uniqueToken = brochure.uniqueToken) => {
			const response = await call(copyLoader, getRequest(`${page}/rooms/${roomId}/${image}/${copy}`), {
				uniqueToken,
				roomId,
				image,
				copy,
			})
			if (!response.ok) return { status: response.status }
			const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
			return { status: response.status, type: response.headers.get('content-type'), width, height }
		}
		for (const room of view.rooms)
			for (const [which, image] of [
				['before', room.beforeImage],
				['after', room.afterImage],
			] as const) {
				// 400 × 300 photos: a 200 px copy and the 400 px thumbnail.
				const path = `${page}/rooms/${room.id}/${which}`
				expect(image).toEqual({
					src: path,
					width: 400,
					height: 300,
					thumbnail: `${path}/400`,
					copies: [
						{ src: `${path}/200`, width: 200 },
						{ src: `${path}/400`, width: 400 },
					],
				})
				expect(await get(room.id, which, '200')).toEqual({ status: 200, type: 'image/jpeg', width: 200, height: 150 })
				expect(await get(room.id, which, '400')).toMatchObject({ status: 200, width: 400, height: 300 })
				// no 800 px copy of a 400 px photo: the photo itself
				expect(await get(room.id, which, '800')).toMatchObject({ status: 200, width: 400, height: 300 })
			}
		const [room] = view.rooms
		for (const copy of ['300', 'thumbnail', 'full', '0800'])
			expect(await get(room.id, 'before', copy)).toEqual({ status: 404 })
		expect(await get(room.id, 'original', '200')).toEqual({ status: 404 })
		expect(await get(randomUUID(), 'before', '200')).toEqual({ status: 404 })
		expect(await get(room.id, 'before', '200', 'f'.repeat(32))).toEqual({ status: 404 })
	})

	test("it is the brochure's originals page: each staged room says so in words, in the agency's own when it chose some", async () => {
		const view = await viewBrochure(brochure.uniqueToken)
		const [kitchen, bedroom] = view.rooms
		// A vendor staged the kitchen; the local preview made the others.
		await db
			.update(stagingRenders)
			.set({ provider: 'openai' })
			.where(eq(stagingRenders.subjectKey, brochureSubjectKey(kitchen.id)))
		const staged = await viewBrochure(brochure.uniqueToken)
		expect(staged.rooms[0]).toMatchObject({
			anchor: `room-${kitchen.id}`,
			isPreview: false,
			disclosure: true,
			label: 'Virtually staged',
			statement: 'Virtually staged: furniture added, Coastal style. The original photo is shown beside it.',
		})
		expect(staged.rooms[1]).toMatchObject({ anchor: `room-${bedroom.id}`, label: null })

		const actor = actorFor(user)
		const profile = {
			companyName: 'Harbour Homes',
			agentName: 'Wes Agent',
			email: `wes.${user.id.slice(0, 8)}@harbourhomes.example`,
		}
		await onboardAgent(actor, { ...profile, disclosureText: 'Digitally staged' })
		expect((await viewBrochure(brochure.uniqueToken)).rooms[0]).toMatchObject({
			label: 'Digitally staged',
			statement: 'Digitally staged: furniture added, Coastal style. The original photo is shown beside it.',
		})
		// The label off: no label, but the original is still said to be beside it.
		await onboardAgent(actor, { ...profile, disclosureText: 'Digitally staged', disclosureLabel: 'off' })
		expect((await viewBrochure(brochure.uniqueToken)).rooms[0]).toMatchObject({
			disclosure: false,
			label: null,
			statement: 'The original photo is shown beside it.',
		})
	})

	test('looking is not a download', async () => {
		await viewBrochure(brochure.uniqueToken)
		const [row] = await db.select().from(propertyBrochures).where(eq(propertyBrochures.id, brochure.id))
		expect(row.downloadCount).toBe(0)
	})

	test('an unknown or malformed token, or a room of another brochure, is not found', async () => {
		await expect(viewBrochure('f'.repeat(32))).rejects.toBeInstanceOf(NotFoundError)
		await expect(viewBrochure("1' or '1'='1")).rejects.toBeInstanceOf(NotFoundError)
		const [room] = await db.select().from(roomImages).where(eq(roomImages.brochureId, brochure.uniqueToken))
		await expect(brochureRoomPhotoKey('f'.repeat(32), room.id, 'before')).rejects.toBeInstanceOf(NotFoundError)
		await expect(brochureRoomPhotoKey(brochure.uniqueToken, 'not-a-uuid', 'after')).rejects.toBeInstanceOf(
			NotFoundError,
		)
		const response = await call(photoLoader, getRequest('/'), {
			uniqueToken: brochure.uniqueToken,
			roomId: room.id,
			image: 'original',
		})
		expect(response.status).toBe(404)
	})

	test('a brochure still being built is not shown', async () => {
		await db.update(propertyBrochures).set({ generatedAt: null }).where(eq(propertyBrochures.id, brochure.id))
		try {
			await expect(viewBrochure(brochure.uniqueToken)).rejects.toBeInstanceOf(NotFoundError)
			const [room] = await db.select().from(roomImages).where(eq(roomImages.brochureId, brochure.uniqueToken))
			await expect(brochureRoomPhotoKey(brochure.uniqueToken, room.id, 'after')).rejects.toBeInstanceOf(NotFoundError)
		} finally {
			await db.update(propertyBrochures).set({ generatedAt: new Date() }).where(eq(propertyBrochures.id, brochure.id))
		}
	})
})
