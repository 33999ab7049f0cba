import { and, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { InputError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { parseInput } from '#core/validate.ts'
import { assertOpen, ownedRoom, ownedVariation } from './access.ts'
import { queueOneMore, type RenderJob } from './process-room.ts'
import { variationView } from './views.ts'
import { NO_ORIGINALS, originalsLinks } from '#core/disclosure/originals-links.ts'

/**
 * The agent's answer to an image the room check flagged (a permanent feature may have changed, or
 * the image could not be matched to the photo): keep it, having looked, or have it replaced once,
 * free: one more variation of the same style is rendered (its vendor cost recorded on it like any
 * render's; the agent pays per property, never per render, and it does not count as a remodel).
 */
export const ROOM_CHECK_ANSWERS = ['kept', 'replaced'] as const
export const RoomCheckAnswerSchema = z.object({
	variationId: z.string().uuid('Unknown variation'),
	answer: z.enum(ROOM_CHECK_ANSWERS, { errorMap: () => ({ message: 'Keep the image or replace it' }) }),
})

export const NOTHING_TO_ANSWER = 'This image passed the room check: there is nothing to answer'
export const ALREADY_ANSWERED = 'This room check has been answered already'

export async function answerRoomCheck(actor: Actor, input: unknown) {
	const { variationId, answer } = parseInput(RoomCheckAnswerSchema, input)
	return db.transaction(async (tx) => {
		const { variation, room: unlocked } = await ownedVariation(tx, actor, variationId)
		// The room's lock: a replacement takes the next generation number, one at a time.
		const { room, project } = await ownedRoom(tx, actor, unlocked.id, { forUpdate: true })
		assertOpen(project)
		if (!variation.roomCheck || variation.roomCheck === 'ok') throw new InputError({}, NOTHING_TO_ANSWER)
		const [answered] = await tx
			.update(propertyStudioVariations)
			.set({ roomCheckAnswer: answer, roomCheckAnsweredAt: new Date() })
			.where(and(eq(propertyStudioVariations.id, variationId), isNull(propertyStudioVariations.roomCheckAnswer)))
			.returning()
		if (!answered) throw new InputError({}, ALREADY_ANSWERED)
		const replacement =
			answer === 'replaced' ? await queueOneMore(tx, room, variation.style as RenderJob['style']) : null
		return {
			variation: variationView(answered, room, await originalsLinks(project.id, tx)),
			replacement: replacement && variationView(replacement, room, NO_ORIGINALS),
		}
	})
}
