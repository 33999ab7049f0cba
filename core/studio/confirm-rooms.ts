import { and, eq } from 'drizzle-orm'
import { propertyStudioRooms } from '#db/schema/studio.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { parseInput } from '#core/validate.ts'
import { assertOpen, ownedProject } from './access.ts'
import { roomNamesFor } from './room-names.ts'
import { ConfirmRoomsSchema } from './studio.schema.ts'
import { assertViewsOfOneRoomType } from './view-room-types.ts'
import { roomView } from './views.ts'

/**
 * Sets the room type of rooms already uploaded (photos go up as they are chosen, their types are
 * suggested by what they show and confirmed after), and their furniture flag when given. The confirmed rooms are named again by their
 * types, as an upload would have named them, so a bedroom retyped as a kitchen reads 'Kitchen'.
 */
export async function confirmRoomTypes(actor: Actor, projectId: string, input: unknown) {
	const { rooms } = parseInput(ConfirmRoomsSchema, input)
	return db.transaction(async (tx) => {
		// The project row lock keeps the names exact against a parallel upload.
		const project = await ownedProject(tx, actor, projectId, { forUpdate: true })
		assertOpen(project)
		const existing = await tx.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.projectId, project.id))
		const confirmed = new Set(rooms.map((room) => room.id))
		if (rooms.some((room) => !existing.some((row) => row.id === room.id))) throw new NotFoundError('Room not found')
		const names = roomNamesFor(
			rooms.map((room) => room.roomType),
			existing.filter((row) => !confirmed.has(row.id)),
		)
		const updated = []
		for (const [i, room] of rooms.entries()) {
			const [row] = await tx
				.update(propertyStudioRooms)
				.set({
					roomType: room.roomType,
					roomTypeBy: 'agent',
					roomName: names[i],
					...(room.hasFurniture === undefined ? {} : { hasFurniture: room.hasFurniture }),
				})
				.where(and(eq(propertyStudioRooms.id, room.id), eq(propertyStudioRooms.projectId, project.id)))
				.returning()
			updated.push(roomView(row))
		}
		await assertViewsOfOneRoomType(tx, project.id)
		return updated
	})
}
