import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { insertUser } from '#tests/factories.ts'
import { decompressionBomb } from '#tests/fixtures/decompression-bomb.ts'
import { drainJobs } from '#tests/jobs.ts'
import { getRequest, jsonRequest } from '#tests/request.ts'
import { cookieFor, smallRoomPhoto, uploadRequest } from '#tests/studio.ts'
import { loader as fileLoader } from '#app/routes/_files+/files.$owner.$id.$kind.ts'
import { loader as favoritesLoader } from './property-studio.projects.$id.favorites.ts'
import { loader as projectLoader } from './property-studio.projects.$id.ts'
import { loader as roomsLoader } from './property-studio.projects.$id.rooms.ts'
import { loader as variationsLoader } from './property-studio.projects.$id.variations.ts'
import { action as createProjectAction, loader as projectsLoader } from './property-studio.projects.ts'
import { action as processAction } from './property-studio.rooms.$roomId.process.ts'
import { action as remodelAction } from './property-studio.rooms.$roomId.remodel.ts'
import { action as uploadAction } from './property-studio.upload-image.ts'
import { action as favoriteAction } from './property-studio.variations.$id.favorite.ts'

const call = <T extends (args: never) => unknown>(fn: T, request: Request, params: Record<string, string> = {}) =>
	fn({ request, params, context: {} } as never) as Promise<Response>

async function newProject(cookie: string) {
	const response = await call(
		createProjectAction,
		jsonRequest(
			'/api/property-studio/projects',
			{ propertyAddress: '12 Elm Road, Bath', clientName: 'The Smiths' },
			{ cookie },
		),
	)
	expect(response.status).toBe(201)
	return (await response.json()) as { id: string }
}

async function upload(cookie: string, projectId: string, roomType: string, bytes?: Buffer, name = `${roomType}.jpg`) {
	return call(
		uploadAction,
		uploadRequest(
			cookie,
			{ projectId, roomType, roomName: '', hasFurniture: 'false' },
			{ bytes: bytes ?? (await smallRoomPhoto()), name },
		),
	)
}

function storedKeys() {
	const root = path.join(config().dataDir, 'files')
	return fs.existsSync(root)
		? fs
				.readdirSync(root, { recursive: true })
				.map(String)
				.filter((f) => f.endsWith('.jpg'))
		: []
}

describe('the studio journey through the API', () => {
	test('create, upload 3 rooms, process 2 styles, 18 variations, favourite, remodel adds one', async () => {
		const cookie = await cookieFor(await insertUser())
		const project = await newProject(cookie)

		const rooms = []
		for (const type of ['kitchen', 'living', 'bedroom']) {
			const response = await upload(cookie, project.id, type)
			expect(response.status).toBe(201)
			rooms.push(((await response.json()) as { roomId: string }).roomId)
		}
		for (const roomId of rooms)
			for (const style of ['modern', 'scandinavian']) {
				const response = await call(
					processAction,
					jsonRequest(
						`/x`,
						{ styles: [style], roomType: 'kitchen', variationCount: 3, hasFurniture: false },
						{ cookie },
					),
					{ roomId },
				)
				expect(response.status).toBe(202)
			}

		const pending = await (await call(variationsLoader, getRequest('/x', { cookie }), { id: project.id })).json()
		expect(pending).toHaveLength(18)
		expect(
			pending.every((v: { status: string; imageUrl: null }) => v.status === 'pending' && v.imageUrl === null),
		).toBe(true)

		await drainJobs()
		const variations = await (await call(variationsLoader, getRequest('/x', { cookie }), { id: project.id })).json()
		expect(variations).toHaveLength(18)
		expect(
			variations.every((v: { status: string; isPreview: boolean }) => v.status === 'completed' && v.isPreview),
		).toBe(true)
		const projectNow = await (await call(projectLoader, getRequest('/x', { cookie }), { id: project.id })).json()
		expect(projectNow).toMatchObject({ totalRooms: 3, completedRooms: 3, status: 'active' })
		const roomList = await (await call(roomsLoader, getRequest('/x', { cookie }), { id: project.id })).json()
		expect(
			roomList.map((r: { status: string; selectedStyles: string[] }) => [r.status, r.selectedStyles.sort()]),
		).toEqual(Array(3).fill(['completed', ['modern', 'scandinavian']]))

		const image = await call(fileLoader, getRequest(variations[0].imageUrl, { cookie }), {
			owner: 'variations',
			id: variations[0].id,
			kind: 'full',
		})
		expect(image.status).toBe(200)
		expect(image.headers.get('content-type')).toBe('image/jpeg')
		const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
		expect([meta.width, meta.height]).toEqual([640, 480])

		const favorite = await call(favoriteAction, jsonRequest('/x', { isFavorite: true }, { cookie }), {
			id: variations[4].id,
		})
		expect((await favorite.json()).variation.isFavorite).toBe(true)
		const favorites = await (await call(favoritesLoader, getRequest('/x', { cookie }), { id: project.id })).json()
		expect(favorites.map((v: { id: string }) => v.id)).toEqual([variations[4].id])

		const remodel = await call(remodelAction, jsonRequest('/x', { style: 'modern', count: 1 }, { cookie }), {
			roomId: rooms[0],
		})
		expect(remodel.status).toBe(202)
		expect((await remodel.json()).variation).toMatchObject({ status: 'pending', generationNumber: 2, style: 'modern' })
		await drainJobs()
		const after = await (await call(variationsLoader, getRequest('/x', { cookie }), { id: project.id })).json()
		expect(after).toHaveLength(19)
		expect(after.filter((v: { status: string }) => v.status === 'completed')).toHaveLength(19)
		const second = await call(remodelAction, jsonRequest('/x', { style: 'modern', count: 1 }, { cookie }), {
			roomId: rooms[0],
		})
		expect((await second.json()).variation.generationNumber).toBe(3)
	}, 60_000)

	test('emptying a room with only the local preview is refused up front with an honest message, and nothing is queued', async () => {
		const cookie = await cookieFor(await insertUser())
		const project = await newProject(cookie)
		const { roomId } = await (await upload(cookie, project.id, 'living')).json()
		const response = await call(processAction, jsonRequest('/x', { styles: ['empty'] }, { cookie }), { roomId })
		expect(response.status).toBe(400)
		expect(await response.json()).toMatchObject({
			message: 'The local preview cannot empty a room: it only colour-grades the photo. Turn on a staging provider.',
		})
		const variations = await db
			.select()
			.from(propertyStudioVariations)
			.where(eq(propertyStudioVariations.roomId, roomId))
		expect(variations).toEqual([])
	})

	test('asking to process the same style twice queues nothing more', async () => {
		const cookie = await cookieFor(await insertUser())
		const project = await newProject(cookie)
		const { roomId } = await (await upload(cookie, project.id, 'office')).json()
		const body = { styles: ['luxury'], roomType: 'office', variationCount: 3, hasFurniture: true }
		expect(await (await call(processAction, jsonRequest('/x', body, { cookie }), { roomId })).json()).toMatchObject({
			queued: 3,
		})
		expect(await (await call(processAction, jsonRequest('/x', body, { cookie }), { roomId })).json()).toMatchObject({
			queued: 0,
		})
		const slots = await db.select().from(propertyStudioVariations).where(eq(propertyStudioVariations.roomId, roomId))
		expect(slots).toHaveLength(3)
		const [room] = await db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.id, roomId))
		expect(room).toMatchObject({ hasFurniture: true, selectedStyles: ['luxury'], status: 'processing' })
	})
})

describe('uploads', () => {
	test('a file over 10 MB, a file that is not an image and one over 40 megapixels leave no row and no file', async () => {
		const cookie = await cookieFor(await insertUser())
		const project = await newProject(cookie)
		const before = storedKeys()

		const big = await upload(cookie, project.id, 'kitchen', Buffer.alloc(10 * 1024 * 1024 + 1, 1))
		expect(big.status).toBe(400)
		expect(await big.json()).toMatchObject({ message: 'Image must be smaller than 10MB' })

		const text = await upload(cookie, project.id, 'kitchen', Buffer.from('just some text, not a photo'), 'kitchen.jpg')
		expect(text.status).toBe(400)
		expect(await text.json()).toMatchObject({ message: 'Please upload a JPG, PNG or WebP image' })

		const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#888' } })
			.png()
			.toBuffer()
		const tooMany = await upload(cookie, project.id, 'kitchen', huge, 'huge.png')
		expect(tooMany.status).toBe(400)
		expect(await tooMany.json()).toMatchObject({ message: 'Image is too large: at most 40 megapixels' })

		const bomb = await upload(cookie, project.id, 'kitchen', decompressionBomb(), 'bomb.png')
		expect(await bomb.json()).toMatchObject({ message: 'Image is too large: at most 40 megapixels' })

		const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#888' } })
			.gif()
			.toBuffer()
		expect((await upload(cookie, project.id, 'kitchen', gif, 'x.gif')).status).toBe(400)

		const badType = await call(
			uploadAction,
			uploadRequest(
				cookie,
				{ projectId: project.id, roomType: 'garage' },
				{ bytes: await smallRoomPhoto(), name: 'a.jpg' },
			),
		)
		expect(await badType.json()).toMatchObject({ errors: { roomType: ['Select a room type'] } })

		const rooms = await db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.projectId, project.id))
		expect(rooms).toHaveLength(0)
		expect(storedKeys()).toEqual(before)
	}, 30_000)

	test('the stored original is upright and carries no EXIF (no GPS)', async () => {
		const cookie = await cookieFor(await insertUser())
		const project = await newProject(cookie)
		// A 640×480 photo taken with the phone on its side: orientation 6 means "rotate 90° to view".
		const sideways = await sharp(await smallRoomPhoto())
			.withMetadata({ orientation: 6 })
			.withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 22/1 0/1' } })
			.jpeg()
			.toBuffer()
		const sent = await sharp(sideways).metadata()
		expect(sent.orientation).toBe(6)
		expect(sent.exif).toBeTruthy()
		const { room } = await (await upload(cookie, project.id, 'bedroom', sideways)).json()

		for (const kind of ['original', 'thumbnail']) {
			const response = await call(fileLoader, getRequest('/x', { cookie }), { owner: 'rooms', id: room.id, kind })
			const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
			expect(meta.exif).toBeUndefined()
			expect(meta.orientation).toBeUndefined()
			expect(meta.height! > meta.width!).toBe(true)
		}
	})

	test('an upright JPEG is stored as it came, less its EXIF: no GPS and no generation loss', async () => {
		const cookie = await cookieFor(await insertUser())
		const project = await newProject(cookie)
		const upright = await sharp(await smallRoomPhoto())
			.withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 22/1 0/1' } })
			.jpeg()
			.toBuffer()
		const { room } = await (await upload(cookie, project.id, 'kitchen', upright)).json()

		const response = await call(fileLoader, getRequest('/x', { cookie }), {
			owner: 'rooms',
			id: room.id,
			kind: 'original',
		})
		const stored = Buffer.from(await response.arrayBuffer())
		expect((await sharp(stored).metadata()).exif).toBeUndefined()
		expect(await sharp(stored).raw().toBuffer()).toEqual(await sharp(upright).raw().toBuffer())
	})
})

describe('who may see what', () => {
	test("another user gets 403 'Unauthorized access to project' on every endpoint and file; visitors get 401", async () => {
		const ownerCookie = await cookieFor(await insertUser())
		const project = await newProject(ownerCookie)
		const { roomId } = await (await upload(ownerCookie, project.id, 'kitchen')).json()
		await call(processAction, jsonRequest('/x', { styles: ['modern'], variationCount: 1 }, { cookie: ownerCookie }), {
			roomId,
		})
		await drainJobs()
		const [variation] = await (
			await call(variationsLoader, getRequest('/x', { cookie: ownerCookie }), { id: project.id })
		).json()

		const stranger = await cookieFor(await insertUser())
		const attempts: Array<[string, Promise<Response>]> = [
			['project', call(projectLoader, getRequest('/x', { cookie: stranger }), { id: project.id })],
			['rooms', call(roomsLoader, getRequest('/x', { cookie: stranger }), { id: project.id })],
			['variations', call(variationsLoader, getRequest('/x', { cookie: stranger }), { id: project.id })],
			['favorites', call(favoritesLoader, getRequest('/x', { cookie: stranger }), { id: project.id })],
			['upload', upload(stranger, project.id, 'kitchen')],
			['process', call(processAction, jsonRequest('/x', { styles: ['luxury'] }, { cookie: stranger }), { roomId })],
			['remodel', call(remodelAction, jsonRequest('/x', { style: 'modern' }, { cookie: stranger }), { roomId })],
			[
				'favorite',
				call(favoriteAction, jsonRequest('/x', { isFavorite: true }, { cookie: stranger }), { id: variation.id }),
			],
			[
				'room original',
				call(fileLoader, getRequest('/x', { cookie: stranger }), { owner: 'rooms', id: roomId, kind: 'original' }),
			],
			[
				'room thumbnail',
				call(fileLoader, getRequest('/x', { cookie: stranger }), { owner: 'rooms', id: roomId, kind: 'thumbnail' }),
			],
			[
				'variation full',
				call(fileLoader, getRequest('/x', { cookie: stranger }), {
					owner: 'variations',
					id: variation.id,
					kind: 'full',
				}),
			],
			[
				'variation thumbnail',
				call(fileLoader, getRequest('/x', { cookie: stranger }), {
					owner: 'variations',
					id: variation.id,
					kind: 'thumbnail',
				}),
			],
		]
		for (const [name, pending] of attempts) {
			const response = await pending
			expect({ name, status: response.status }).toEqual({ name, status: 403 })
			expect(await response.json()).toEqual({ message: 'Unauthorized access to project' })
		}

		const anonymous = await call(variationsLoader, getRequest('/x'), { id: project.id })
		expect(anonymous.status).toBe(401)
		const unknown = await call(projectLoader, getRequest('/x', { cookie: stranger }), { id: 'not-a-uuid' })
		expect(unknown.status).toBe(404)
		const list = await (await call(projectsLoader, getRequest('/x', { cookie: stranger }))).json()
		expect(list).toEqual([])
		// Nothing the stranger tried changed anything.
		const [after] = await db
			.select()
			.from(propertyStudioVariations)
			.where(eq(propertyStudioVariations.id, variation.id))
		expect(after.isFavorite).toBe(false)
	}, 30_000)
})

describe('polling', () => {
	test('a poll naming the current ETag gets an empty 304; a change answers in full with a new ETag; strangers still get 403', async () => {
		const cookie = await cookieFor(await insertUser())
		const project = await newProject(cookie)
		const { roomId } = await (await upload(cookie, project.id, 'kitchen')).json()
		await call(processAction, jsonRequest('/x', { styles: ['modern'], variationCount: 1 }, { cookie }), { roomId })
		const poll = (etag?: string, who = cookie) => {
			const request = getRequest('/x', { cookie: who })
			if (etag) request.headers.set('if-none-match', etag)
			return call(variationsLoader, request, { id: project.id })
		}

		const first = await poll()
		const etag = first.headers.get('etag')!
		expect(first.headers.get('cache-control')).toBe('private, no-cache')
		const [pending] = await first.json()
		const unchanged = await poll(etag)
		expect(unchanged.status).toBe(304)
		expect(await unchanged.text()).toBe('')

		await drainJobs()
		const changed = await poll(etag)
		expect(changed.status).toBe(200)
		expect(changed.headers.get('etag')).not.toBe(etag)
		expect(await changed.json()).toMatchObject([{ id: pending.id, status: 'completed' }])

		const stranger = await cookieFor(await insertUser())
		expect((await poll(changed.headers.get('etag')!, stranger)).status).toBe(403)
	}, 30_000)
})
