import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { propertyStudioRooms } from '#db/schema/studio.ts'
import { db } from '#core/platform/db.ts'
import { storage } from '#core/platform/storage.ts'
import { removeOriginal } from '#core/studio/original-image.ts'
import { roomView } from '#core/studio/views.ts'
import { insertUser } from '#tests/factories.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { drainJobs } from '#tests/jobs.ts'
import { getRequest, jsonRequest } from '#tests/request.ts'
import { cookieFor, uploadRequest } from '#tests/studio.ts'
import { action as createProjectAction } from '#app/routes/api+/property-studio.projects.ts'
import { loader as variationsLoader } from '#app/routes/api+/property-studio.projects.$id.variations.ts'
import { action as processAction } from '#app/routes/api+/property-studio.rooms.$roomId.process.ts'
import { action as uploadAction } from '#app/routes/api+/property-studio.upload-image.ts'
import { loader as fileLoader } from './files.$owner.$id.$kind.ts'

/**
 * Each studio image is stored once with its smaller copies (200, 400 = the thumbnail, 800 and
 * 1600 px on the longest side, none as large as the image), which the screens list in srcset
 * with their widths and the /files routes serve with the image's own checks.
 */

const call = <T extends (args: never) => unknown>(fn: T, request: Request, params: Record<string, string> = {}) =>
	fn({ request, params, context: {} } as never) as Promise<Response>

type Sources = {
	src: string
	width: number | null
	height: number | null
	copies: Array<{ src: string; width: number }>
}

async function newRoom(photo: Buffer) {
	const cookie = await cookieFor(await insertUser())
	const created = await call(
		createProjectAction,
		jsonRequest('/api/property-studio/projects', { propertyAddress: '8 Mill Lane, Ely' }, { cookie }),
	)
	const project = (await created.json()) as { id: string }
	const uploaded = await call(
		uploadAction,
		uploadRequest(
			cookie,
			{ projectId: project.id, roomType: 'living', roomName: '', hasFurniture: 'false' },
			{ bytes: photo, name: 'room.jpg' },
		),
	)
	expect(uploaded.status).toBe(201)
	const { room } = (await uploaded.json()) as { room: { id: string; original: Sources } }
	return { cookie, projectId: project.id, room }
}

/** GET /files/{owner}/{id}/{kind} as `cookie`: the status, and the image's size when it answered one. */
async function fetchFile(cookie: string, path: string) {
	const [, , owner, id, kind] = path.split('/')
	const response = await call(fileLoader, getRequest(path, { cookie }), { owner, id, kind })
	if (!response.ok) return { status: response.status }
	const { width, height, format } = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
	return { status: response.status, width, height, format, cache: response.headers.get('cache-control') }
}

describe('room photos', () => {
	test('a 12 MP photo gets copies of 200, 400, 800 and 1600 px, listed with their widths and served as JPEGs', async () => {
		const { cookie, room } = await newRoom(await makeRoomPhoto({ width: 4000, height: 3000 }))

		expect(room.original).toMatchObject({ src: `/files/rooms/${room.id}/original`, width: 4000, height: 3000 })
		expect(room.original.copies).toEqual([
			{ src: `/files/rooms/${room.id}/200`, width: 200 },
			{ src: `/files/rooms/${room.id}/thumbnail`, width: 400 },
			{ src: `/files/rooms/${room.id}/800`, width: 800 },
			{ src: `/files/rooms/${room.id}/1600`, width: 1600 },
		])
		for (const copy of room.original.copies)
			expect(await fetchFile(cookie, copy.src)).toEqual({
				status: 200,
				width: copy.width,
				height: (copy.width * 3) / 4,
				format: 'jpeg',
				cache: 'private, max-age=31536000, immutable',
			})

		const stranger = await cookieFor(await insertUser())
		expect(await fetchFile(stranger, `/files/rooms/${room.id}/800`)).toEqual({ status: 403 })
	}, 30_000)

	test('a photo taken sideways has upright portrait copies, none as large as itself', async () => {
		// 1600 × 1200 stored on its side: orientation 6 turns it a quarter, to 1200 × 1600.
		const sideways = await sharp(await makeRoomPhoto({ width: 1600, height: 1200 }))
			.withMetadata({ orientation: 6 })
			.jpeg()
			.toBuffer()
		const { cookie, room } = await newRoom(sideways)

		expect(room.original).toMatchObject({ width: 1200, height: 1600 })
		expect(room.original.copies.map((copy) => copy.width)).toEqual([150, 300, 600])
		expect(await fetchFile(cookie, `/files/rooms/${room.id}/800`)).toMatchObject({ width: 600, height: 800 })
		expect(await fetchFile(cookie, `/files/rooms/${room.id}/1600`)).toEqual({ status: 404 })
	})

	test('a photo stored before copies were made still shows: its thumbnail and itself, no copies listed', async () => {
		const { cookie, projectId, room } = await newRoom(await makeRoomPhoto({ width: 1600, height: 1200 }))
		// As a row and files from before: no size recorded, the thumbnail alone beside the photo.
		await db
			.update(propertyStudioRooms)
			.set({ imageWidth: null, imageHeight: null })
			.where(eq(propertyStudioRooms.id, room.id))
		await Promise.all(['200', '800'].map((size) => storage().delete(`rooms/${room.id}/${size}.jpg`)))

		const rooms = await db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.projectId, projectId))
		expect(roomView(rooms[0]).original).toMatchObject({ width: null, height: null, copies: [] })
		expect(await fetchFile(cookie, `/files/rooms/${room.id}/thumbnail`)).toMatchObject({ status: 200, width: 400 })
		expect(await fetchFile(cookie, `/files/rooms/${room.id}/original`)).toMatchObject({ status: 200, width: 1600 })
		expect(await fetchFile(cookie, `/files/rooms/${room.id}/800`)).toEqual({ status: 404 })
	})

	test('removing a photo removes its copies too', async () => {
		const { room } = await newRoom(await makeRoomPhoto({ width: 2000, height: 1500 }))
		const keys = ['original', 'thumbnail', '200', '800', '1600'].map((name) => `rooms/${room.id}/${name}.jpg`)
		expect(await Promise.all(keys.map((key) => storage().exists(key)))).toEqual([true, true, true, true, true])

		await removeOriginal(room.id)

		expect(await Promise.all(keys.map((key) => storage().exists(key)))).toEqual([false, false, false, false, false])
	})
})

test('a staged image gets the same copies as its photo, served under the variation', async () => {
	const { cookie, projectId, room } = await newRoom(await makeRoomPhoto({ width: 2000, height: 1500 }))
	await call(processAction, jsonRequest('/x', { styles: ['modern'], variationCount: 1 }, { cookie }), {
		roomId: room.id,
	})
	await drainJobs()
	const [variation] = (await (
		await call(variationsLoader, getRequest('/x', { cookie }), { id: projectId })
	).json()) as Array<{ id: string; image: Sources }>

	expect(variation.image).toMatchObject({ src: `/files/variations/${variation.id}/full`, width: 2000, height: 1500 })
	expect(variation.image.copies.map((copy) => copy.width)).toEqual([200, 400, 800, 1600])
	for (const copy of variation.image.copies)
		expect(await fetchFile(cookie, copy.src)).toMatchObject({ status: 200, width: copy.width, format: 'jpeg' })
	const stranger = await cookieFor(await insertUser())
	expect(await fetchFile(stranger, `/files/variations/${variation.id}/1600`)).toEqual({ status: 403 })
}, 60_000)
