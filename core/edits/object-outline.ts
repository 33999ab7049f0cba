import type { Actor } from '#core/accounts/actor.ts'
import { NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { ownedRoom } from '#core/studio/access.ts'
import { photoOf } from './edit-room.ts'
import type { Outline } from './outline.ts'
import { UnknownObjectError } from './selection.ts'
import { outlineOnThread } from './threads.ts'

/**
 * One of a room's photo's objects outlined along the photo's own edges, as its removal's mask cuts
 * it (selection.ts refinedOutline): the studio swaps it in for the label map's outline when the
 * object is first picked. An object the photo does not have is not found.
 */
export async function objectOutline(actor: Actor, roomId: string, objectId: string): Promise<Outline> {
	const { room } = await ownedRoom(db, actor, roomId, { need: 'read' })
	const { photo, labels } = await photoOf(room)
	return outlineOnThread({ photo, labels, object: objectId }).catch((error: unknown) => {
		if (error instanceof UnknownObjectError) throw new NotFoundError(error.message)
		throw error
	})
}
