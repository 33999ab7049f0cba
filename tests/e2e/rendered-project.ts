import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'
import { makeRoomPhoto } from '../fixtures/room-photo.ts'

// The browser tests' server has no Stripe key: checkout runs in invoice mode and loads nothing external.
const RENDER_TIMEOUT = 60_000

/** A project of two rendered rooms, made through the studio's JSON API as the workflow would. */
export async function renderedProject(page: Page, address: string) {
	const created = await page.request.post('/api/property-studio/projects', {
		data: { propertyAddress: address, clientName: 'The Parkers' },
	})
	expect(created.status()).toBe(201)
	const { id } = (await created.json()) as { id: string }
	for (const [roomType, style, seed] of [
		['kitchen', 'modern', 2],
		['living', 'scandinavian', 4],
	] as const) {
		const upload = await page.request.post('/api/property-studio/upload-image', {
			multipart: {
				projectId: id,
				roomType,
				roomName: '',
				hasFurniture: 'false',
				image: {
					name: `${roomType}.jpg`,
					mimeType: 'image/jpeg',
					buffer: await makeRoomPhoto({ width: 800, height: 600, seed }),
				},
			},
		})
		expect(upload.status()).toBe(201)
		const { roomId } = (await upload.json()) as { roomId: string }
		const process = await page.request.post(`/api/property-studio/rooms/${roomId}/process`, {
			data: { styles: [style], roomType, variationCount: 3, hasFurniture: false },
		})
		expect(process.ok()).toBe(true)
	}
	await expect(async () => {
		const variations = (await (
			await page.request.get(`/api/property-studio/projects/${id}/variations`)
		).json()) as Array<{ status: string }>
		expect(variations.filter((v) => v.status === 'completed')).toHaveLength(6)
	}).toPass({ timeout: RENDER_TIMEOUT })
	return id
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
