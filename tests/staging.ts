import { asc, eq } from 'drizzle-orm'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { stagingRenders } from '#db/schema/staging.ts'
import { db } from '#core/platform/db.ts'
import { storage } from '#core/platform/storage.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { actorFor, insertUser } from '#tests/factories.ts'

/**
 * An agent's project with one room whose original is in storage, as an upload leaves it: a
 * synthetic room photo of `width`×`height`, or `photo`.
 */
export async function roomWithPhoto({
	width = 640,
	height = 480,
	roomType = 'living',
	hasFurniture = false,
	photo,
}: {
	width?: number
	height?: number
	roomType?: string
	hasFurniture?: boolean
	photo?: Buffer
} = {}) {
	const user = await insertUser({ role: 'agent' })
	const [project] = await db
		.insert(propertyStudioProjects)
		.values({ userId: user.id, propertyAddress: '1 Staging Row' })
		.returning()
	const originalKey = `originals/${project.id}.jpg`
	await storage().put(originalKey, photo ?? (await makeRoomPhoto({ width, height })), { contentType: 'image/jpeg' })
	const [room] = await db
		.insert(propertyStudioRooms)
		.values({ projectId: project.id, roomType, originalImageUrl: originalKey, hasFurniture })
		.returning()
	return { actor: actorFor(user), project, room }
}

/**
 * A second photo of the first room's project, uploaded as another view of it would be (not yet
 * marked so): a room photo of `seed`, so views with different seeds are told apart by their bytes.
 */
export async function anotherView(
	first: { id: string; projectId: string },
	{ roomType = 'living', roomName, seed }: { roomType?: string; roomName?: string; seed?: number } = {},
) {
	const key = `originals/${first.projectId}-${Math.random()}.jpg`
	await storage().put(key, await makeRoomPhoto({ width: 640, height: 480, seed }), { contentType: 'image/jpeg' })
	const [room] = await db
		.insert(propertyStudioRooms)
		.values({ projectId: first.projectId, roomType, roomName, originalImageUrl: key })
		.returning()
	return room
}

/** A room's variations in their slots' order: a row's place on disk moves with its updates. */
export function variationsOf(roomId: string) {
	return db
		.select()
		.from(propertyStudioVariations)
		.where(eq(propertyStudioVariations.roomId, roomId))
		.orderBy(
			asc(propertyStudioVariations.style),
			asc(propertyStudioVariations.generationNumber),
			asc(propertyStudioVariations.variationIndex),
		)
}

export function stagingRowsOf(roomId: string) {
	return db
		.select()
		.from(stagingRenders)
		.then((rows) => rows.filter((row) => (row.subject as { roomId?: string }).roomId === roomId))
}

/** Every variation of the rooms stored and every request settled (the row is marked after the images are handed over). */
export const allDelivered = async (roomIds: string[]) =>
	(await Promise.all(roomIds.map(variationsOf))).flat().every((v) => v.status === 'completed') &&
	(await db.select().from(stagingRenders)).every((row) => row.state === 'delivered')
