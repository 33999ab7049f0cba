import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { InputError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { parseInput } from '#core/validate.ts'
import { assertOpen, ownedRoom, ownedVariation } from './access.ts'
import { queueReplacement } from './process-room.ts'
import { variationView } from './views.ts'
import { NO_ORIGINALS, originalsLinks } from '#core/disclosure/originals-links.ts'

/**
 * The agent's answer to an image the room check flagged (a permanent feature may have changed, or
 * the image could not be matched to the photo): keep it, having looked, or have it replaced once,
 * free: the image is set aside (core/studio/set-aside.ts) and one more of the same style is
 * rendered into its slot, so the room keeps as many variations as it had (its vendor cost recorded
 * on it like any render's; the agent pays per property, never per render, and it is no remodel).
 */
export const ROOM_CHECK_ANSWERS = ['kept', 'replaced'] as const
export const RoomCheckAnswerSchema = z.object({
	variationId: z.string().uuid('Unknown variation'),
	answer: z.enum(ROOM_CHECK_ANSWERS, { errorMap: () => ({ message: 'Keep the image or replace it' }) }),
})

export const NOTHING_TO_ANSWER = 'This image passed the room check: there is nothing to answer'
export const ALREADY_ANSWERED = 'This room check has been answered already'

/**
 * Answering again as before (a double click, a post retried after a lost answer) answers as the
 * first time did, with the same replacement; only the other answer is refused.
 */
export async function answerRoomCheck(actor: Actor, input: unknown) {
	const { variationId, answer } = parseInput(RoomCheckAnswerSchema, input)
	return db.transaction(async (tx) => {
		const { room: unlocked } = await ownedVariation(tx, actor, variationId)
		// The room's lock: answers to its images, and the slots replacements take, go one at a time.
		const { room, project } = await ownedRoom(tx, actor, unlocked.id, { forUpdate: true })
		assertOpen(project)
		const { variation } = await ownedVariation(tx, actor, variationId)
		if (!variation.roomCheck || variation.roomCheck === 'ok') throw new InputError({}, NOTHING_TO_ANSWER)
		if (variation.roomCheckAnswer && variation.roomCheckAnswer !== answer) throw new InputError({}, ALREADY_ANSWERED)
		const [answered] = variation.roomCheckAnswer
			? [variation]
			: await tx
					.update(propertyStudioVariations)
					.set({ roomCheckAnswer: answer, roomCheckAnsweredAt: new Date() })
					.where(eq(propertyStudioVariations.id, variationId))
					.returning()
		const [replacement] =
			answer !== 'replaced'
				? [null]
				: variation.roomCheckAnswer
					? await tx.select().from(propertyStudioVariations).where(eq(propertyStudioVariations.replaces, variationId))
					: [await queueReplacement(tx, room, answered)]
		return {
			variation: variationView(answered, room, await originalsLinks(project.id, tx)),
			replacement: replacement ? variationView(replacement, room, NO_ORIGINALS) : null,
		}
	})
}
