import { randomUUID } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { propertyStudioProjects, propertyStudioRooms } from '#db/schema/studio.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { propertyImportKeys } from '#db/schema/imports.ts'
import { InputError } from '#core/errors.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { parseInput } from '#core/validate.ts'
import { assertOpen, ownedProject } from './access.ts'
import { inspectImage, removeOriginal, storeOriginal } from './original-image.ts'
import { roomNamesFor } from './room-names.ts'
import { roomTypeFromPhoto } from './room-type-suggestion.ts'
import { UploadRoomSchema } from './studio.schema.ts'
import { isImportKeyClash, recordedImportKey } from './import-keys.ts'
import { roomView, type RoomView } from './views.ts'

function roomTypesOf(tx: Tx, projectId: string) {
	return tx
		.select({ roomType: propertyStudioRooms.roomType })
		.from(propertyStudioRooms)
		.where(eq(propertyStudioRooms.projectId, projectId))
}

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
	return (await uploadRoomOnce(actor, input, file)).room
}

export const UPLOAD_KEY_OTHER_PROJECT = 'This upload key was used for another project'

/** The room an upload key made earlier in the project's owner's account, or null; another project's key is bad input. */
async function roomOfKey(tx: Tx, ownerId: string, uploadKey: string, projectId: string) {
	const recorded = await recordedImportKey(tx, ownerId, uploadKey)
	if (!recorded) return null
	if (recorded.projectId !== projectId || !recorded.roomId)
		throw new InputError({ uploadKey: [UPLOAD_KEY_OTHER_PROJECT] })
	const [room] = await tx.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.id, recorded.roomId))
	return room ?? null
}

/**
 * uploadRoom, telling whether the room was made now. With an `uploadKey` (the CLI over HTTPS
 * names each photo it sends) the upload is idempotent: a key already recorded in the project
 * owner's account answers the room it made, without storing the file again; a new key is recorded
 * in the transaction that makes the room, and a concurrent request with the same key that commits
 * first wins: this one's stored file is removed and the winner's room answered.
 */
export async function uploadRoomOnce(
	actor: Actor,
	input: unknown,
	file: { path: string },
): Promise<{ room: RoomView; existing: boolean }> {
	const fields = parseInput(UploadRoomSchema, input)
	const { uploadKey } = fields
	const found = await ownedProject(db, actor, fields.projectId)
	if (uploadKey) {
		const earlier = await roomOfKey(db, found.userId, uploadKey, found.id)
		if (earlier) return { room: roomView(earlier), existing: true }
	}
	assertOpen(found)
	await inspectImage(file.path)

	const roomId = randomUUID()
	const stored = await storeOriginal(file.path, roomId)
	try {
		// A type not given is suggested by the stored photo, before the row: no room shows untyped.
		const typed = fields.roomType
			? { roomType: fields.roomType, roomTypeBy: 'agent' as const }
			: await roomTypeFromPhoto(stored.original)
		const made = await db.transaction(async (tx) => {
			// Lock the project row: the room count and sort order stay exact under parallel uploads.
			const project = await ownedProject(tx, actor, fields.projectId, { forUpdate: true })
			// A request with the same key may have committed while this one stored its file.
			if (uploadKey) {
				const earlier = await roomOfKey(tx, project.userId, uploadKey, project.id)
				if (earlier) return { room: earlier, existing: true }
			}
			assertOpen(project)
			// A suggested room is named as the workflow names rooms ('Bedroom 2'), so two photos of one
			// type are told apart before they are confirmed (which names them again).
			const others = typed.roomTypeBy === 'photo' && !fields.roomName ? await roomTypesOf(tx, project.id) : []
			const [room] = await tx
				.insert(propertyStudioRooms)
				.values({
					id: roomId,
					projectId: project.id,
					...typed,
					roomName:
						fields.roomName ?? (typed.roomTypeBy === 'photo' ? roomNamesFor([typed.roomType], others)[0] : undefined),
					hasFurniture: fields.hasFurniture,
					originalImageUrl: stored.original,
					imageWidth: stored.width,
					imageHeight: stored.height,
					sortOrder: project.totalRooms,
				})
				.returning()
			await tx
				.update(propertyStudioProjects)
				.set({ totalRooms: sql`${propertyStudioProjects.totalRooms} + 1` })
				.where(eq(propertyStudioProjects.id, project.id))
			if (uploadKey)
				await tx
					.insert(propertyImportKeys)
					.values({ userId: project.userId, importKey: uploadKey, projectId: project.id, roomId })
			return { room, existing: false }
		})
		if (made.existing) await removeOriginal(roomId)
		return { room: roomView(made.room), existing: made.existing }
	} catch (error) {
		await removeOriginal(roomId)
		if (uploadKey && isImportKeyClash(error)) {
			const earlier = await roomOfKey(db, found.userId, uploadKey, found.id)
			if (earlier) return { room: roomView(earlier), existing: true }
		}
		throw error
	}
}
