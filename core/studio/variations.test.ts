import { asc, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { db } from '#core/platform/db.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { listFavorites, listVariations } from './variations.ts'
import { variationView } from './views.ts'

test("PostgreSQL's JSON for the gallery is exactly variationView of the same rows, in gallery order", async () => {
	const user = await insertUser()
	const [project] = await db.insert(propertyStudioProjects).values({ userId: user.id, propertyAddress: '1 Test Row' }).returning()
	const [named, unnamed] = await db
		.insert(propertyStudioRooms)
		.values([
			{ projectId: project.id, roomType: 'kitchen', roomName: 'Kitchen 1', originalImageUrl: 'k', sortOrder: 1 },
			{ projectId: project.id, roomType: 'bedroom', originalImageUrl: 'b', sortOrder: 0 },
		])
		.returning()
	await db.insert(propertyStudioVariations).values([
		{ roomId: named.id, style: 'modern', status: 'completed', imageUrl: 'x', thumbnailUrl: 'y', isFavorite: true },
		{ roomId: named.id, style: 'modern', status: 'pending', variationIndex: 1 },
		{ roomId: unnamed.id, style: 'luxury', status: 'failed', errorMessage: 'The provider said no', renderId: 'rnd_1' },
		{ roomId: unnamed.id, style: 'luxury', status: 'completed', generationNumber: 2, renderId: 'rnd_1', variationId: 'var_9' },
	])

	const rows = await db
		.select({ variation: propertyStudioVariations, room: propertyStudioRooms })
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.orderBy(asc(propertyStudioRooms.sortOrder), asc(propertyStudioVariations.style), asc(propertyStudioVariations.generationNumber), asc(propertyStudioVariations.variationIndex))
	const expected = rows.map(({ variation, room }) => variationView(variation, room))

	expect(await listVariations(actorFor(user), project.id)).toEqual(expected)
	expect(await listFavorites(actorFor(user), project.id)).toEqual(expected.filter((v) => v.isFavorite))
	expect(expected.map((v) => v.roomName)).toEqual(['bedroom', 'bedroom', 'Kitchen 1', 'Kitchen 1'])
})

test('an empty project of your own is an empty list', async () => {
	const user = await insertUser()
	const [project] = await db.insert(propertyStudioProjects).values({ userId: user.id, propertyAddress: '2 Empty Row' }).returning()
	expect(await listVariations(actorFor(user), project.id)).toEqual([])
})
