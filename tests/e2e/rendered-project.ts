import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'
import { makeRoomPhoto } from '../fixtures/room-photo.ts'

// The browser tests' server has no Stripe key: checkout runs in invoice mode and loads nothing external.
const RENDER_TIMEOUT = 60_000

export interface RoomToRender {
	roomType: string
	style: string
	/** The photo's pattern, so rooms differ. */
	seed: number
	/** The photo's size: 800 × 600 unless said. */
	size?: { width: number; height: number }
}

const KITCHEN_AND_LIVING_ROOM: RoomToRender[] = [
	{ roomType: 'kitchen', style: 'modern', seed: 2 },
	{ roomType: 'living', style: 'scandinavian', seed: 4 },
]

/** A project with photos uploaded (not processed), made through the studio's JSON API as the workflow would. */
export async function uploadedProject(
	page: Page,
	address: string,
	rooms: Array<Pick<RoomToRender, 'roomType' | 'seed' | 'size'> & { roomName?: string }>,
	clientName?: string,
) {
	const created = await page.request.post('/api/property-studio/projects', {
		data: { propertyAddress: address, clientName },
	})
	expect(created.status()).toBe(201)
	const { id } = (await created.json()) as { id: string }
	const roomIds: string[] = []
	for (const { roomType, seed, roomName = '', size = { width: 800, height: 600 } } of rooms) {
		const upload = await page.request.post('/api/property-studio/upload-image', {
			multipart: {
				projectId: id,
				roomType,
				roomName,
				hasFurniture: 'false',
				image: {
					name: `${roomType}.jpg`,
					mimeType: 'image/jpeg',
					buffer: await makeRoomPhoto({ ...size, seed }),
				},
			},
		})
		expect(upload.status()).toBe(201)
		roomIds.push(((await upload.json()) as { roomId: string }).roomId)
	}
	return { id, roomIds }
}

/** A project of rendered rooms (three variations each), made through the studio's JSON API as the workflow would. */
export async function renderedProject(page: Page, address: string, rooms = KITCHEN_AND_LIVING_ROOM) {
	const { id, roomIds } = await uploadedProject(page, address, rooms, 'The Parkers')
	for (const [i, { roomType, style }] of rooms.entries()) {
		const process = await page.request.post(`/api/property-studio/rooms/${roomIds[i]}/process`, {
			data: { styles: [style], roomType, variationCount: 3, hasFurniture: false },
		})
		expect(process.ok()).toBe(true)
	}
	await everyVariationCompleted(page, id, rooms.length * 3)
	return { id, roomIds }
}

/** Waits until the project has this many rendered variations. */
export async function everyVariationCompleted(page: Page, projectId: string, count: number) {
	await expect(async () => {
		const variations = (await (
			await page.request.get(`/api/property-studio/projects/${projectId}/variations`)
		).json()) as Array<{ status: string }>
		expect(variations.filter((v) => v.status === 'completed')).toHaveLength(count)
	}).toPass({ timeout: RENDER_TIMEOUT })
}

/** Hearts the first finished variation of each room, as the gallery would. */
export async function favouriteOnePerRoom(page: Page, projectId: string) {
	const variations = (await (
		await page.request.get(`/api/property-studio/projects/${projectId}/variations`)
	).json()) as Array<{ id: string; roomId: string; status: string; variationIndex: number }>
	const firsts = new Map<string, string>()
	for (const v of [...variations].sort((a, b) => a.variationIndex - b.variationIndex))
		if (v.status === 'completed' && !firsts.has(v.roomId)) firsts.set(v.roomId, v.id)
	for (const id of firsts.values()) {
		const answer = await page.request.post(`/api/property-studio/variations/${id}/favorite`, {
			data: { isFavorite: true },
		})
		expect(answer.ok()).toBe(true)
	}
}
