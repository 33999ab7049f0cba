import { eq, sql } from 'drizzle-orm'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { InputError, NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { assertOpen, ownedProject, ownedRoom } from './access.ts'
import { removeOriginal } from './original-image.ts'

export const ROOM_ALREADY_STAGED = 'This photo has been staged already: it stays with its images'

/**
 * Takes back a photo uploaded by mistake, before anything was staged from it: its row, then its
 * files. A room with images keeps them (they may be paid for or favourited), so it cannot go.
 */
export async function removeRoom(actor: Actor, projectId: string, roomId: string) {
	await db.transaction(async (tx) => {
		// The project row lock keeps the room count exact against a parallel upload.
		const project = await ownedProject(tx, actor, projectId, { forUpdate: true })
		assertOpen(project)
		const { room } = await ownedRoom(tx, actor, roomId, { forUpdate: true })
		if (room.projectId !== project.id) throw new NotFoundError('Room not found')
		const [staged] = await tx
			.select({ id: propertyStudioVariations.id })
			.from(propertyStudioVariations)
			.where(eq(propertyStudioVariations.roomId, room.id))
			.limit(1)
		if (staged) throw new InputError({ '': [ROOM_ALREADY_STAGED] })
		await tx.delete(propertyStudioRooms).where(eq(propertyStudioRooms.id, room.id))
		await tx
			.update(propertyStudioProjects)
			.set({ totalRooms: sql`greatest(${propertyStudioProjects.totalRooms} - 1, 0)` })
			.where(eq(propertyStudioProjects.id, project.id))
	})
	await removeOriginal(roomId)
}
