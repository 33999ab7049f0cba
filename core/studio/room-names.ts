import { roomTypeLabel } from './labels.ts'

/**
 * Room names shown in the gallery for a batch of new rooms: 'Bedroom', then 'Bedroom 2'...
 * counted across the project's other rooms, so a second batch does not start again at one.
 * Browser-safe: the workflow names photos before it uploads them, the page's action after.
 */
export function roomNamesFor(types: readonly string[], otherRooms: readonly { roomType: string }[]) {
	const seen = new Map<string, number>()
	for (const room of otherRooms) seen.set(room.roomType, (seen.get(room.roomType) ?? 0) + 1)
	return types.map((type) => {
		const n = (seen.get(type) ?? 0) + 1
		seen.set(type, n)
		const label = roomTypeLabel(type)
		return n === 1 ? label : `${label} ${n}`
	})
}
