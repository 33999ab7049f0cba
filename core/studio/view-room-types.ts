import { eq } from 'drizzle-orm'
import { propertyStudioRooms, type PropertyStudioRoom } from '#db/schema/studio.ts'
import { InputError } from '#core/errors.ts'
import type { Tx } from '#core/platform/db.ts'
import { roomTypeLabel } from './labels.ts'

type Photo = Pick<PropertyStudioRoom, 'roomName' | 'roomType'>

const photoName = (room: Photo) => room.roomName ?? roomTypeLabel(room.roomType)

/** The refusal of a view whose room type is not its first view's, naming both photos. */
export function differentRoomTypes(view: Photo, first: Photo) {
	const message = `${photoName(view)} (${roomTypeLabel(view.roomType)}) and ${photoName(first)} (${roomTypeLabel(first.roomType)}) are different room types: only photos of one room can be views of it`
	return new InputError({ sameRoomAs: [message] }, message)
}

/**
 * Views of one room are photos of one room type (core/studio/room-views.ts). Checked, inside the
 * caller's transaction, after anything that retypes a project's photos, so a retyped first view
 * or view is refused rather than left in a group its images cannot match.
 */
export async function assertViewsOfOneRoomType(tx: Tx, projectId: string) {
	const rooms = await tx.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.projectId, projectId))
	for (const view of rooms) {
		const first = view.sameRoomAs && rooms.find((room) => room.id === view.sameRoomAs)
		if (first && first.roomType !== view.roomType) throw differentRoomTypes(view, first)
	}
}
