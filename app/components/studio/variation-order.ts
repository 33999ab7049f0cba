import { STUDIO_STYLES } from '#core/studio/studio.schema.ts'
import type { RoomView, VariationView } from '#core/studio/views.ts'

const styleOrder: readonly string[] = STUDIO_STYLES

/**
 * Variations in the workflow's stable order: room (as listed), style, generation, position. The
 * order never depends on when a render finished, so a tile never jumps away from a tapping finger.
 */
export function inWorkflowOrder(rooms: RoomView[], variations: VariationView[]) {
	const roomOrder = new Map(rooms.map((room, i) => [room.id, i]))
	return [...variations].sort(
		(a, b) =>
			(roomOrder.get(a.roomId) ?? 0) - (roomOrder.get(b.roomId) ?? 0) ||
			styleOrder.indexOf(a.style) - styleOrder.indexOf(b.style) ||
			a.generationNumber - b.generationNumber ||
			a.variationIndex - b.variationIndex,
	)
}
