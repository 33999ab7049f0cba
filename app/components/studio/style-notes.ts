import type { PhotoEdit } from '#core/render/provider.ts'
import { EMPTY_ROOM, isPhotoEdit, TWILIGHT, TWILIGHT_INDOORS, TWILIGHT_ROOM_TYPES } from '#core/studio/studio.schema.ts'

/**
 * The photo edits the staging provider cannot make, each with core's reason (`cannotEditMessage` in core/studio/render-options.ts):
 * the loader's, so every door says the same line.
 */
export type PhotoEditRefusals = Partial<Record<PhotoEdit, string>>

// Why the empty-the-room choice is greyed out with only the local preview.
const CANNOT_EMPTY = 'Needs a staging provider: the local preview cannot empty a room'

/** Why a choice of the style step is greyed out, or nothing when the provider makes it. */
export function unavailableReason(
	style: string,
	{ canEmptyRoom, photoEditRefusals }: { canEmptyRoom: boolean; photoEditRefusals: PhotoEditRefusals },
) {
	if (style === EMPTY_ROOM) return canEmptyRoom ? undefined : CANNOT_EMPTY
	return isPhotoEdit(style) ? photoEditRefusals[style] : undefined
}

/** What to say once a choice is ticked for this room: twilight of a room that is not an outside is made, warned about. */
export function choiceWarning(style: string, roomType: string) {
	return style === TWILIGHT && !TWILIGHT_ROOM_TYPES.includes(roomType) ? TWILIGHT_INDOORS : undefined
}
