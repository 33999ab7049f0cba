import { propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { eq } from 'drizzle-orm'
import { liveOriginalsPage } from '#core/disclosure/originals-address.ts'
import { db } from '#core/platform/db.ts'
import { sharp } from '#core/platform/sharp.ts'
import { storage } from '#core/platform/storage.ts'
import { variationImageKeys } from '#core/studio/render-variations.ts'
import { anotherView, roomWithPhoto } from '#tests/staging.ts'

/** A small JPEG of one colour: each delivered image's bytes tell it apart from its original's. */
function jpeg(colour: string) {
	return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
		.jpeg()
		.toBuffer()
}

/** A variation as rendering leaves it: completed with its image stored, or still pending, or failed. */
export async function deliveredVariation(
	roomId: string,
	style: string,
	{ index = 0, status = 'completed' as 'completed' | 'pending' | 'failed', colour = '#336699' } = {},
) {
	const [variation] = await db
		.insert(propertyStudioVariations)
		.values({ roomId, style, variationIndex: index, status })
		.returning()
	if (status !== 'completed') return { ...variation, bytes: null }
	const key = variationImageKeys(variation.id).full
	const bytes = await jpeg(colour)
	await storage().put(key, bytes, { contentType: 'image/jpeg' })
	await db.update(propertyStudioVariations).set({ imageUrl: key }).where(eq(propertyStudioVariations.id, variation.id))
	return { ...variation, imageUrl: key, bytes }
}

/**
 * An agent's property with a delivered image of each kind, in gallery order: the living room
 * staged twice (Modern), then emptied; a restaged view of it (Luxury); the front at dusk; the
 * bathroom enhanced. Each room's photo is stored, as an upload leaves it. Plus a render still
 * pending and one that failed, which the page must not list. Its originals page is live.
 */
export async function propertyWithDeliveredImages() {
	const { actor, project, room: living } = await roomWithPhoto()
	const view = await anotherView(living, { roomName: 'Living room, window', seed: 3 })
	const front = await anotherView(living, { roomType: 'exterior', roomName: 'Front', seed: 5 })
	const bathroom = await anotherView(living, { roomType: 'bathroom', seed: 7 })
	const order = [living, view, front, bathroom]
	for (const [sortOrder, room] of order.entries())
		await db.update(propertyStudioRooms).set({ sortOrder }).where(eq(propertyStudioRooms.id, room.id))
	await db.update(propertyStudioRooms).set({ sameRoomAs: living.id }).where(eq(propertyStudioRooms.id, view.id))

	// Made out of gallery order, so the page's order is its own doing.
	const enhanced = await deliveredVariation(bathroom.id, 'enhance')
	const modernSecond = await deliveredVariation(living.id, 'modern', { index: 1 })
	const emptied = await deliveredVariation(living.id, 'empty')
	const modernFirst = await deliveredVariation(living.id, 'modern', { index: 0, colour: '#aa3300' })
	const restaged = await deliveredVariation(view.id, 'luxury')
	const dusk = await deliveredVariation(front.id, 'twilight')
	const pending = await deliveredVariation(living.id, 'modern', { index: 2, status: 'pending' })
	const failed = await deliveredVariation(front.id, 'twilight', { index: 1, status: 'failed' })

	const page = await liveOriginalsPage(project.id)
	return {
		actor,
		project,
		page,
		rooms: { living, view, front, bathroom },
		shown: [emptied, modernFirst, modernSecond, restaged, dusk, enhanced],
		notShown: [pending, failed],
	}
}
