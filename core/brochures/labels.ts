/** Display names of styles, room types and render settings in brochures and their e-mails. */

const STYLE_LABELS: Record<string, string> = {
	modern: 'Modern',
	luxury: 'Luxury',
	scandinavian: 'Scandinavian',
	industrial: 'Industrial',
	midcentury: 'Mid-Century',
	farmhouse: 'Farmhouse',
	coastal: 'Coastal',
	standard: 'Standard',
}

const ROOM_LABELS: Record<string, string> = {
	living: 'Living Room',
	bedroom: 'Bedroom',
	kitchen: 'Kitchen',
	bathroom: 'Bathroom',
	dining: 'Dining Room',
	office: 'Office',
	exterior: 'Exterior',
	backyard: 'Backyard/Patio',
	kids_room: "Kids' Room",
	outdoor: 'Outdoor',
}

function humanise(value: string) {
	return value
		.split(/[_\s-]+/)
		.filter(Boolean)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ')
}

export function styleLabel(style: string) {
	return STYLE_LABELS[style] ?? humanise(style)
}

export function roomTypeLabel(roomType: string) {
	return ROOM_LABELS[roomType] ?? humanise(roomType)
}

export const settingLabel = humanise

/** Room names in brochure order: a second bedroom is 'Bedroom 2', so every page is told apart. */
export function roomNames(roomTypes: readonly string[]): string[] {
	const total = new Map<string, number>()
	for (const type of roomTypes) total.set(type, (total.get(type) ?? 0) + 1)
	const seen = new Map<string, number>()
	return roomTypes.map((type) => {
		const n = (seen.get(type) ?? 0) + 1
		seen.set(type, n)
		return total.get(type)! > 1 && n > 1 ? `${roomTypeLabel(type)} ${n}` : roomTypeLabel(type)
	})
}
