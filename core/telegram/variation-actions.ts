import { eq } from 'drizzle-orm'
import { telegramIntakePhotos, telegramIntakes } from '#db/schema/telegram.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { db } from '#core/platform/db.ts'
import { ownedRoom, ownedVariation } from '#core/studio/access.ts'
import { editRoom, listObjects } from '#core/edits/edit-room.ts'
import type { RemoveSchema, RenovateSchema } from '#core/edits/edit.schema.ts'
import type { z } from 'zod'
import { disclosedImage } from '#core/disclosure/disclosed-image.ts'
import { studioFileKey } from '#core/studio/files.ts'
import { remodelRoom } from '#core/studio/process-room.ts'
import { setFavorite } from '#core/studio/variations.ts'
import { queueProgress } from './progress.ts'
import { storedBytes } from './stored-bytes.ts'

/** ♥ under a variation: flips what the database holds, whatever the button showed. */
export async function toggleFavorite(actor: Actor, variationId: string) {
	const { variation } = await ownedVariation(db, actor, variationId)
	return setFavorite(actor, variationId, !variation.isFavorite)
}

/**
 * 'Remodel' under a room and style: one more variation through the studio's own service; the
 * batch it came from is watched again so the new image arrives in the chat like the first ones.
 */
export async function remodelVariation(actor: Actor, variationId: string) {
	const { variation, room } = await ownedVariation(db, actor, variationId)
	const result = await remodelRoom(actor, room.id, { style: variation.style })
	await watchBatchOf(room.id)
	return { room, style: variation.style, variation: result.variation }
}

/** The batch a room's photo came in is watched again, so what was just asked of it arrives in the chat. */
async function watchBatchOf(roomId: string) {
	const [batch] = await db
		.select({ intakeId: telegramIntakes.id })
		.from(telegramIntakePhotos)
		.innerJoin(telegramIntakes, eq(telegramIntakes.id, telegramIntakePhotos.intakeId))
		.where(eq(telegramIntakePhotos.roomId, roomId))
	if (batch) await queueProgress(db, batch.intakeId)
}

/**
 * 'Remove…' and 'Renovate…' under a room's images: the room (its name for the question) and what
 * its photo shows, through the studio's own listObjects, which checks the room is the actor's.
 */
export async function roomEditChoices(actor: Actor, roomId: string) {
	const { objects, surfaces } = await listObjects(actor, roomId)
	const { room } = await ownedRoom(db, actor, roomId, { need: 'read' })
	return { room, objects, surfaces }
}

/** 'Remove these' or 'Renovate': the studio's editRoom, its image sent to the chat when made. */
export async function editFromChat(
	actor: Actor,
	roomId: string,
	edit: z.input<typeof RemoveSchema> | z.input<typeof RenovateSchema>,
) {
	const result = await editRoom(actor, roomId, edit)
	await watchBatchOf(roomId)
	return result
}

/** A variation's full image as bytes, after checking it is the actor's, labelled as the agency chose. */
export async function variationImage(actor: Actor, variationId: string) {
	const { variation, project } = await ownedVariation(db, actor, variationId)
	const image = await storedBytes(await studioFileKey(actor, { owner: 'variation', id: variationId, kind: 'full' }))
	return disclosedImage(image, variation, project)
}
