import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { propertyBrochures, roomImages } from '#db/schema/brochures.ts'
import { stagingRenders } from '#db/schema/staging.ts'
import { InputError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { readBytes } from '#core/platform/storage.ts'
import { completeProject } from '#core/studio/complete-project.ts'
import { variationImageKeys } from '#core/studio/render-variations.ts'
import { brochureSubjectKey } from '#core/brochures/render-room.ts'
import { favourite, renderedProject } from '#tests/checkout.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { smallRoomPhoto, withTempFile } from '#tests/studio.ts'
import { NOT_YOUR_FAVOURITE, PHOTO_OR_FAVOURITE } from './preferences.schema.ts'
import { listStagedFavourites } from './staged-favourites.ts'
import { submitClientPreference } from './submit-preference.ts'

const fields = (favoriteId: string, overrides: Record<string, string> = {}) => ({
	clientName: 'Jane Buyer',
	propertyAddress: '',
	stylePreference: 'luxury',
	agentEmail: 'agent@harbourhomes.example',
	area: '',
	favoriteId,
	...overrides,
})

/** A paid-for project: one kitchen staged Scandinavian, its second variation the agent's favourite. */
async function paidFavourite() {
	const user = await insertUser()
	const { actor, project, variations } = await renderedProject(user, { address: '7 Quay Street, Bristol BS1 4QA' })
	await favourite(user, [variations[1].id])
	await completeProject(actor, project.id, { watermarkingEnabled: false })
	return { user, actor, project, variation: variations[1] }
}

async function refusal(run: () => Promise<unknown>) {
	const error = await run().catch((e: unknown) => e)
	expect(error).toBeInstanceOf(InputError)
	return (error as InputError).fieldErrors
}

describe('a brochure request from a staged favourite', () => {
	test('offers the favourites of paid-for projects only, and only to their owner', async () => {
		const { user, actor, project, variation } = await paidFavourite()
		const open = await renderedProject(user, { address: '9 Open House Lane' })
		await favourite(user, [open.variations[0].id])

		expect(await listStagedFavourites(actor)).toEqual([
			{
				id: variation.id,
				projectId: project.id,
				propertyAddress: '7 Quay Street, Bristol BS1 4QA',
				label: 'Kitchen, Scandinavian',
				thumbnailUrl: `/files/variations/${variation.id}/thumbnail`,
			},
		])
		expect(await listStagedFavourites(actorFor(await insertUser()))).toEqual([])
	})

	test('uses the stored images without an upload: the room is staged already and the brochure is built', async () => {
		const { actor, variation } = await paidFavourite()
		const answer = await submitClientPreference(actor, 'single', fields(variation.id), [])
		// The property and the room come from the favourite; the brochure shows the style it was staged in.
		expect(answer.details).toMatchObject({
			propertyAddress: '7 Quay Street, Bristol BS1 4QA',
			stylePreference: 'scandinavian',
			rooms: [{ roomType: 'kitchen' }],
		})

		const [room] = await db
			.select()
			.from(roomImages)
			.innerJoin(propertyBrochures, eq(propertyBrochures.uniqueToken, roomImages.brochureId))
			.where(eq(propertyBrochures.id, answer.details.brochureId!))
		expect(room.room_images.stagedImageUrl).toBe(`brochure-rooms/${room.room_images.id}/staged.jpg`)
		// The studio photo's size comes along: the web brochure frames the room in its shape.
		expect(room.room_images).toMatchObject({ imageWidth: 640, imageHeight: 480 })
		// Copies under the room's own keys, byte for byte: the studio's files stay the studio's.
		expect(await readBytes(room.room_images.stagedImageUrl!)).toEqual(
			await readBytes(variationImageKeys(variation.id).full),
		)

		await drainJobs()
		const renders = await db
			.select()
			.from(stagingRenders)
			.where(eq(stagingRenders.subjectKey, brochureSubjectKey(room.room_images.id)))
		expect(renders).toEqual([])
		const [built] = await db
			.select()
			.from(propertyBrochures)
			.where(eq(propertyBrochures.id, answer.details.brochureId!))
		expect(built.brochureUrl).toEqual(expect.any(String))
	})

	test("refuses a stranger's favourite, an unpaid one and a made-up id alike, storing nothing", async () => {
		const { variation } = await paidFavourite()
		const stranger = await insertUser()
		const before = await db.select().from(propertyBrochures)

		expect(
			await refusal(() => submitClientPreference(actorFor(stranger), 'single', fields(variation.id), [])),
		).toMatchObject({ favoriteId: [NOT_YOUR_FAVOURITE] })
		const open = await renderedProject(stranger)
		await favourite(stranger, [open.variations[0].id])
		expect(
			await refusal(() => submitClientPreference(actorFor(stranger), 'single', fields(open.variations[0].id), [])),
		).toMatchObject({ favoriteId: [NOT_YOUR_FAVOURITE] })
		expect(
			await refusal(() => submitClientPreference(actorFor(stranger), 'single', fields('not-a-variation'), [])),
		).toMatchObject({ favoriteId: [NOT_YOUR_FAVOURITE] })
		expect(await db.select().from(propertyBrochures)).toHaveLength(before.length)
	})

	test('a new photo and a favourite together are refused: one photo per single-room brochure', async () => {
		const { actor, variation } = await paidFavourite()
		const photo = await smallRoomPhoto()
		const errors = await withTempFile(photo, (file) =>
			refusal(() => submitClientPreference(actor, 'single', fields(variation.id), [{ ...file, name: 'room.jpg' }])),
		)
		expect(errors).toEqual({ image: [PHOTO_OR_FAVOURITE] })
	})
})
