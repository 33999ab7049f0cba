import { describe, expect, test, vi } from 'vitest'

await vi.hoisted(() => import('#tests/mocks/openai-images.ts').then((m) => m.useOpenAiImagesSettings()))

import { createAccessToken } from '#core/accounts/access-tokens.ts'
import { ALREADY_A_VIEW, HAS_VIEWS, NOTHING_TO_MATCH } from '#core/studio/room-views.ts'
import { hit } from '#tests/api-contract.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { settleJobs } from '#tests/jobs.ts'
import { createOpenAiImagesModel } from '#tests/mocks/openai-images.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { getRequest, jsonRequest } from '#tests/request.ts'
import { cookieFor, smallRoomPhoto, uploadRequest } from '#tests/studio.ts'
import { action as createProjectAction } from './property-studio.projects.ts'
import { loader as roomsLoader } from './property-studio.projects.$id.rooms.ts'
import { action as sameRoomAction } from './property-studio.rooms.$roomId.same-room.ts'
import { action as uploadAction } from './property-studio.upload-image.ts'

// Views are staged to match only where the provider stages them together: OpenAI's images.edit, as its model.
serveVendorModel(createOpenAiImagesModel())

const call = <T extends (args: never) => unknown>(fn: T, request: Request, params: Record<string, string> = {}) =>
	fn({ request, params, context: {} } as never) as Promise<Response>

async function newProject(cookie: string) {
	const response = await call(
		createProjectAction,
		jsonRequest('/api/property-studio/projects', { propertyAddress: '4 View Lane, York' }, { cookie }),
	)
	expect(response.status).toBe(201)
	return ((await response.json()) as { id: string }).id
}

async function upload(cookie: string, projectId: string, roomType: string, roomName: string) {
	const response = await call(
		uploadAction,
		uploadRequest(
			cookie,
			{ projectId, roomType, roomName, hasFurniture: 'false' },
			{ bytes: await smallRoomPhoto(), name: `${roomType}.jpg` },
		),
	)
	expect(response.status).toBe(201)
	return ((await response.json()) as { roomId: string }).roomId
}

function markSameRoom(roomId: string, body: unknown, headers: { cookie?: string; authorization?: string }) {
	const request = jsonRequest(`/api/property-studio/rooms/${roomId}/same-room`, body)
	for (const [name, value] of Object.entries(headers)) if (value) request.headers.set(name, value)
	return call(sameRoomAction, request, { roomId })
}

async function project() {
	const cookie = await cookieFor(await insertUser())
	const projectId = await newProject(cookie)
	const lounge = await upload(cookie, projectId, 'living', 'Lounge')
	const window = await upload(cookie, projectId, 'living', 'Lounge from the window')
	const kitchen = await upload(cookie, projectId, 'kitchen', 'Kitchen')
	return { cookie, projectId, lounge, window, kitchen }
}

describe('POST /api/property-studio/rooms/:roomId/same-room', () => {
	test('marks a photo as another view of a room, answers the room, and unmarks it', async () => {
		const { cookie, projectId, lounge, window } = await project()
		const marked = await markSameRoom(window, { sameRoomAs: lounge }, { cookie })
		expect(marked.status).toBe(200)
		expect(await marked.json()).toMatchObject({ id: window, projectId, roomType: 'living', sameRoomAs: lounge })

		const rooms = (await (await call(roomsLoader, getRequest('/x', { cookie }), { id: projectId })).json()) as Array<{
			id: string
			sameRoomAs: string | null
		}>
		expect(rooms.find((r) => r.id === window)?.sameRoomAs).toBe(lounge)
		expect(rooms.find((r) => r.id === lounge)?.sameRoomAs).toBeNull()

		const unmarked = await markSameRoom(window, { sameRoomAs: null }, { cookie })
		expect(unmarked.status).toBe(200)
		expect(await unmarked.json()).toMatchObject({ id: window, sameRoomAs: null })
	})

	test('a photo of another room type is refused with a message naming both photos', async () => {
		const { cookie, lounge, kitchen } = await project()
		const refused = await markSameRoom(kitchen, { sameRoomAs: lounge }, { cookie })
		expect(refused.status).toBe(400)
		const message =
			'Kitchen (Kitchen) and Lounge (Living Room) are different room types: only photos of one room can be views of it'
		expect(await refused.json()).toEqual({ message, errors: { sameRoomAs: [message] } })
	})

	test('no chains: a view cannot be a first view, a first view cannot become a view', async () => {
		const { cookie, projectId, lounge, window } = await project()
		const third = await upload(cookie, projectId, 'living', 'Lounge from the door')
		expect((await markSameRoom(window, { sameRoomAs: lounge }, { cookie })).status).toBe(200)
		const toAView = await markSameRoom(third, { sameRoomAs: window }, { cookie })
		expect(toAView.status).toBe(400)
		expect(await toAView.json()).toMatchObject({ message: ALREADY_A_VIEW })
		const firstView = await markSameRoom(lounge, { sameRoomAs: third }, { cookie })
		expect(firstView.status).toBe(400)
		expect(await firstView.json()).toMatchObject({ message: HAS_VIEWS })
		expect((await markSameRoom(lounge, { sameRoomAs: 'x' }, { cookie })).status).toBe(400)
	})

	test("someone else's room is 403, a room nobody has 404, no session 401", async () => {
		const { lounge, window } = await project()
		const stranger = await cookieFor(await insertUser())
		const foreign = await markSameRoom(window, { sameRoomAs: lounge }, { cookie: stranger })
		expect(foreign.status).toBe(403)
		expect(await foreign.json()).toEqual({ message: 'Unauthorized access to project' })
		// The stranger's own photo cannot point at someone else's either.
		const theirs = await project()
		const pointing = await markSameRoom(theirs.window, { sameRoomAs: lounge }, { cookie: theirs.cookie })
		expect(pointing.status).toBe(403)
		expect((await markSameRoom(crypto.randomUUID(), { sameRoomAs: null }, { cookie: stranger })).status).toBe(404)
		expect((await markSameRoom(window, { sameRoomAs: null }, {})).status).toBe(401)
	})

	test('a personal access token with write scope may mark; a read-only one is refused', async () => {
		const user = await insertUser()
		const cookie = await cookieFor(user)
		const projectId = await newProject(cookie)
		const lounge = await upload(cookie, projectId, 'living', 'Lounge')
		const window = await upload(cookie, projectId, 'living', 'Lounge from the window')
		const token = async (scope: 'read' | 'write') =>
			`Bearer ${(await createAccessToken(actorFor(user), { name: scope, scope, expiresIn: '30' })).secret}`
		const read = await markSameRoom(window, { sameRoomAs: lounge }, { authorization: await token('read') })
		expect(read.status).toBe(403)
		expect(await read.json()).toMatchObject({ requiredScope: 'write' })
		const write = await markSameRoom(window, { sameRoomAs: lounge }, { authorization: await token('write') })
		expect(write.status).toBe(200)
		expect(await write.json()).toMatchObject({ sameRoomAs: lounge })
	})
})

describe('POST /api/property-studio/variations/:id/restage-views', () => {
	type Variation = { id: string; roomId: string; status: string; generationNumber: number; matchedTo: string | null }
	const variationsOf = async (cookie: string, id: string) =>
		(await hit('get', '/api/property-studio/projects/{id}/variations', { cookie, params: { id } })).body as Variation[]

	test('after a remodel of the first view, its views are restaged to match it (202, as documented), once', async () => {
		const { cookie, projectId, lounge, window } = await project()
		expect((await markSameRoom(window, { sameRoomAs: lounge }, { cookie })).status).toBe(200)
		for (const roomId of [lounge, window]) {
			const process = { cookie, params: { roomId }, json: { styles: ['modern'], variationCount: 1 } }
			expect((await hit('post', '/api/property-studio/rooms/{roomId}/process', process)).status).toBe(202)
		}
		await settleJobs()
		const remodel = { cookie, params: { roomId: lounge }, json: { style: 'modern' } }
		expect((await hit('post', '/api/property-studio/rooms/{roomId}/remodel', remodel)).status).toBe(202)
		await settleJobs()
		const remodelled = (await variationsOf(cookie, projectId)).find(
			(v) => v.roomId === lounge && v.generationNumber === 2,
		)!
		expect(remodelled.status).toBe('completed')

		const restage = { cookie, params: { id: remodelled.id } }
		const restaged = await hit('post', '/api/property-studio/variations/{id}/restage-views', restage)
		expect(restaged.status).toBe(202)
		expect(restaged.body).toMatchObject({
			success: true,
			variations: [{ roomId: window, generationNumber: 2, status: 'pending', matchedTo: remodelled.id }],
		})
		expect((await hit('post', '/api/property-studio/variations/{id}/restage-views', restage)).body).toEqual({
			success: true,
			variations: [],
		})
		await settleJobs()
		const views = (await variationsOf(cookie, projectId)).filter((v) => v.roomId === window)
		expect(views.map((v) => [v.generationNumber, v.status])).toEqual([
			[1, 'completed'],
			[2, 'completed'],
		])

		const stranger = await cookieFor(await insertUser())
		const foreign = await hit('post', '/api/property-studio/variations/{id}/restage-views', {
			...restage,
			cookie: stranger,
		})
		expect(foreign.status).toBe(403)
		const ofAView = await hit('post', '/api/property-studio/variations/{id}/restage-views', {
			cookie,
			params: { id: views[0].id },
		})
		expect(ofAView).toMatchObject({ status: 400, body: { message: NOTHING_TO_MATCH } })
	})
})
