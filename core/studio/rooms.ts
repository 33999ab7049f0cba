import { randomUUID } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { propertyStudioProjects, propertyStudioRooms } from '#db/schema/studio.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { db } from '#core/platform/db.ts'
import { parseInput } from '#core/validate.ts'
import { assertOpen, ownedProject } from './access.ts'
import { inspectImage, removeOriginal, storeOriginal } from './original-image.ts'
import { UploadRoomSchema } from './studio.schema.ts'
import { roomView } from './views.ts'

export async function listRooms(actor: Actor, projectId: string) {
	await ownedProject(db, actor, projectId, { need: 'read' })
	const rows = await db
		.select()
		.from(propertyStudioRooms)
		.where(eq(propertyStudioRooms.projectId, projectId))
		.orderBy(asc(propertyStudioRooms.sortOrder), asc(propertyStudioRooms.createdAt))
	return rows.map(roomView)
}

/**
 * Adds a room from an uploaded photo already on local disk (the doors stream it there with the
 * 10 MB cap). Checks rights and the image before storing anything; a failure after storing
 * removes the files again, so a rejected upload leaves no row and no object.
 */
export async function uploadRoom(actor: Actor, input: unknown, file: { path: string }) {
	const fields = parseInput(UploadRoomSchema, input)
	assertOpen(await ownedProject(db, actor, fields.projectId))
	await inspectImage(file.path)

	const roomId = randomUUID()
	const keys = await storeOriginal(file.path, roomId)
	try {
		const room = await db.transaction(async (tx) => {
			// Lock the project row: the room count and sort order stay exact under parallel uploads.
			const project = await ownedProject(tx, actor, fields.projectId, { forUpdate: true })
			assertOpen(project)
			const [room] = await tx
				.insert(propertyStudioRooms)
				.values({
					id: roomId,
					projectId: project.id,
					roomType: fields.roomType,
					roomName: fields.roomName,
					hasFurniture: fields.hasFurniture,
					originalImageUrl: keys.original,
					sortOrder: project.totalRooms,
				})
				.returning()
			await tx
				.update(propertyStudioProjects)
				.set({ totalRooms: sql`${propertyStudioProjects.totalRooms} + 1` })
				.where(eq(propertyStudioProjects.id, project.id))
			return room
		})
		return roomView(room)
	} catch (error) {
		await removeOriginal(roomId)
		throw error
	}
}
