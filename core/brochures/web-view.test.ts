import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { propertyBrochures, roomImages } from '#db/schema/brochures.ts'
import { loader as photoLoader } from '#app/routes/_files+/brochure.$uniqueToken_.rooms.$roomId.$image.ts'
import { loader as listLoader } from '#app/routes/api+/agent.brochures.ts'
import { action as multiAction } from '#app/routes/api+/client-preferences-multi-room.ts'
import { NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { call, multipartRequest } from '#tests/brochures.ts'
import { insertUser } from '#tests/factories.ts'
import { settleJobs } from '#tests/jobs.ts'
import { getRequest } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import type { AgentBrochure } from './agent-brochures.ts'
import { brochureRoomPhotoKey, viewBrochure } from './web-view.ts'

let brochure: AgentBrochure

beforeAll(async () => {
	const cookie = await cookieFor(await insertUser({ firstName: 'Wes' }))
	const files = await Promise.all(
		['kitchen.jpg', 'bedroom.jpg', 'second-bedroom.jpg'].map(async (name, seed) => ({
			field: 'property-images',
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
	const submitted = await call(
		multiAction,
		multipartRequest('/api/client-preferences-multi-room', cookie, fields, files),
	)
	expect(submitted.status).toBe(201)
	await settleJobs()
	const listed = await call(listLoader, getRequest('/api/agent/brochures', { cookie }))
	;[brochure] = (await listed.json()) as AgentBrochure[]
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
			agent: { agentName: expect.stringContaining('Wes'), email: expect.stringContaining('@') },
			downloadUrl: `/api/brochures/${brochure.uniqueToken}`,
		})
		expect(view.rooms.map((room) => room.name)).toEqual(['Kitchen', 'Bedroom', 'Bedroom 2'])
		for (const room of view.rooms) {
			expect(room).toMatchObject({
				isPreview: true,
				disclosure: false,
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
