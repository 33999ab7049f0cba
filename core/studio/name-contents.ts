import { and, eq, inArray, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { type PropertyStudioVariation, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { readBytes, storage } from '#core/platform/storage.ts'
import { contentsOf } from '#core/staging/room-check/index.ts'
import { variationImageKeys } from './render-variations.ts'

/**
 * What a staged image the room check passed added to the room ("Added: a sofa, a rug and two
 * lamps"), named after it was delivered: the check segments only the answers whose label map
 * could change its verdict (core/staging/room-check/index.ts), so an image it passed is shown at
 * once and its contents follow.
 */
export const NAME_CONTENTS_TASK = 'name_room_check_contents'

export const NameContentsJobSchema = z.object({ variationId: z.string().uuid() })

/**
 * Queued with the variation's completed row, in its transaction, one job per variation. It runs
 * after the deliveries of renders of the same priority (and before a lower one's): someone who
 * waits sees the images first, and an import's naming never holds up an agent's images.
 */
export async function queueNaming(tx: Tx, variationId: string, renderPriority: number) {
	await addJob(
		tx,
		NAME_CONTENTS_TASK,
		{ variationId },
		{ jobKey: `contents:${variationId}`, priority: renderPriority + 1, maxAttempts: 5 },
	)
}

/** An image the check passed whose contents are not named yet (an edit says what was done in its note instead). */
const unnamed = and(
	eq(propertyStudioVariations.roomCheck, 'ok'),
	isNull(propertyStudioVariations.roomCheckContents),
	isNull(propertyStudioVariations.editScope),
)

/**
 * Names what the vendor's image added and took away, from the vendor's own bytes kept beside the
 * image until now: the image delivered, resampled onto the photo, names other things in one pair
 * in three (so does the vendor's image merely saved again as a JPEG; the model's labels move with
 * the pixels). Done once: a variation already named, or deleted, is left as it is, so running it
 * again after a crash is harmless.
 */
export async function nameContents(variationId: string) {
	const keys = variationImageKeys(variationId)
	const [row] = await db
		.select({ photo: propertyStudioRooms.originalImageUrl })
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.where(and(eq(propertyStudioVariations.id, variationId), unnamed))
	// The vendor's bytes first: an image that never had them kept (the local preview's, one delivered
	// before naming came afterwards) has nothing to be named from, and its photo is not read.
	const answer = row && (await readBytes(keys.answer))
	const photo = answer && (await readBytes(row.photo))
	const contents = photo && answer && (await contentsOf(photo, answer))
	if (contents)
		await db
			.update(propertyStudioVariations)
			.set({ roomCheckContents: contents })
			.where(and(eq(propertyStudioVariations.id, variationId), unnamed))
	// Named now or before a crash, or never to be (no longer lines up): the vendor's bytes have served.
	await storage().delete(keys.answer)
}

/**
 * `variations` with what each the check passed added named now, where its job has not run yet:
 * for a door that sends them at once and cannot say it later (the bot's album captions). Naming is
 * done once whoever comes first, so the job then finds it done.
 */
export async function namedNow<
	V extends Pick<PropertyStudioVariation, 'id' | 'roomCheck' | 'roomCheckContents' | 'editScope'>,
>(variations: V[]): Promise<V[]> {
	const toName = variations.filter((v) => v.roomCheck === 'ok' && v.roomCheckContents === null && !v.editScope)
	if (!toName.length) return variations
	for (const v of toName) await nameContents(v.id)
	const named = await db
		.select({ id: propertyStudioVariations.id, roomCheckContents: propertyStudioVariations.roomCheckContents })
		.from(propertyStudioVariations)
		.where(
			inArray(
				propertyStudioVariations.id,
				toName.map((v) => v.id),
			),
		)
	const contents = new Map(named.map((row) => [row.id, row.roomCheckContents]))
	return variations.map((v) => (contents.get(v.id) ? { ...v, roomCheckContents: contents.get(v.id)! } : v))
}
