import { asc, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { db } from '#core/platform/db.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { originalsLinks } from '#core/disclosure/originals-links.ts'
import { galleryJson, listFavorites, listVariations } from './variations.ts'
import { variationView, type VariationView } from './views.ts'

test('the gallery lists variationView of every row in gallery order; favourites filter the same list', async () => {
	const user = await insertUser()
	const [project] = await db
		.insert(propertyStudioProjects)
		.values({ userId: user.id, propertyAddress: '1 Test Row' })
		.returning()
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
		{
			roomId: unnamed.id,
			style: 'luxury',
			status: 'completed',
			generationNumber: 2,
			renderId: 'rnd_1',
			variationId: 'var_9',
		},
	])

	const originals = await originalsLinks(project.id)
	const rows = await db
		.select({ variation: propertyStudioVariations, room: propertyStudioRooms })
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.orderBy(
			asc(propertyStudioRooms.sortOrder),
			asc(propertyStudioVariations.style),
			asc(propertyStudioVariations.generationNumber),
			asc(propertyStudioVariations.variationIndex),
		)
	const listed = await listVariations(actorFor(user), project.id)
	const expected = rows.map(({ variation, room }) => variationView(variation, room, originals))
	expect(listed).toEqual(expected)
	expect(await listFavorites(actorFor(user), project.id)).toEqual(expected.filter((v) => v.isFavorite))
	expect(expected.map((v) => v.roomName)).toEqual(['bedroom', 'bedroom', 'Kitchen 1', 'Kitchen 1'])
	// Only the one delivered image (a completed render with its file) leads to its original.
	expect(expected.map((v) => !!v.originalsUrl)).toEqual([false, false, true, false])
})

test('an empty project of your own is an empty list', async () => {
	const user = await insertUser()
	const [project] = await db
		.insert(propertyStudioProjects)
		.values({ userId: user.id, propertyAddress: '2 Empty Row' })
		.returning()
	expect(await listVariations(actorFor(user), project.id)).toEqual([])
})

test('the remembered gallery answer follows every change to what it shows, and only then gets a new ETag', async () => {
	const user = await insertUser()
	const actor = actorFor(user)
	const [project] = await db
		.insert(propertyStudioProjects)
		.values({ userId: user.id, propertyAddress: '3 Change Row' })
		.returning()
	const [room] = await db
		.insert(propertyStudioRooms)
		.values({ projectId: project.id, roomType: 'kitchen', originalImageUrl: 'k' })
		.returning()
	const [first, second] = await db
		.insert(propertyStudioVariations)
		.values([
			{ roomId: room.id, style: 'modern' },
			{ roomId: room.id, style: 'modern', variationIndex: 1 },
		])
		.returning()
	const answer = () => galleryJson(actor, project.id)
	const shown = async () => JSON.parse((await answer()).json) as VariationView[]

	const before = await answer()
	expect(await answer()).toEqual(before)

	// What the render worker does, straight in the database (another process in production).
	await db
		.update(propertyStudioVariations)
		.set({ status: 'completed', imageUrl: 'a', thumbnailUrl: 'b' })
		.where(eq(propertyStudioVariations.id, first.id))
	expect((await shown())[0]).toMatchObject({
		id: first.id,
		status: 'completed',
		imageUrl: `/files/variations/${first.id}/full`,
	})
	const completed = await answer()
	expect(completed.etag).not.toBe(before.etag)

	await db.update(propertyStudioRooms).set({ roomName: 'Kitchen 2' }).where(eq(propertyStudioRooms.id, room.id))
	expect((await shown()).map((v) => v.roomName)).toEqual(['Kitchen 2', 'Kitchen 2'])
	// Room bookkeeping the gallery does not show leaves the answer as it was.
	const renamed = await answer()
	await db.update(propertyStudioRooms).set({ status: 'completed' }).where(eq(propertyStudioRooms.id, room.id))
	expect((await answer()).etag).toBe(renamed.etag)

	await db.delete(propertyStudioVariations).where(eq(propertyStudioVariations.id, second.id))
	expect((await shown()).map((v) => v.id)).toEqual([first.id])
	expect(new Set([before, completed, renamed, await answer()].map((a) => a.etag)).size).toBe(4)
})
