import type { RenderStyle, RoomType } from './studio.schema.ts'
import type { ProjectView } from './views.ts'

/**
 * Display names of styles and room types, the same in the studio, the Telegram bot and brochures.
 * Browser-safe: the workflow imports it.
 */

const STYLE_LABELS: Record<RenderStyle, string> = {
	modern: 'Modern',
	luxury: 'Luxury',
	scandinavian: 'Scandinavian',
	industrial: 'Industrial',
	midcentury: 'Mid-Century',
	farmhouse: 'Farmhouse',
	coastal: 'Coastal',
	standard: 'Standard',
	empty: 'Empty room',
	twilight: 'Twilight',
	enhance: 'Enhance',
	// Edits with a scope (core/edits) are named by what was done: "Kitchen · Items removed".
	remove: 'Items removed',
	renovate: 'Renovated',
}

// Backyard is not a studio room type, but client preferences and brochures use it (spec 01 §3).
const ROOM_TYPE_LABELS: Record<RoomType | 'backyard', string> = {
	kitchen: 'Kitchen',
	living: 'Living Room',
	bedroom: 'Bedroom',
	bathroom: 'Bathroom',
	dining: 'Dining Room',
	office: 'Office',
	exterior: 'Exterior',
	backyard: 'Backyard/Patio',
	kids_room: "Kids' Room",
	outdoor: 'Outdoor',
}

// Rows made elsewhere may carry values this build does not know: show them readably, not blank.
export function humanise(value: string) {
	return value
		.split(/[_\s-]+/)
		.filter(Boolean)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ')
}

/** A project's status as the studio's cards and the bot's /projects and /status say it. */
export const PROJECT_STATUS_LABELS: Record<ProjectView['status'], string> = {
	active: 'Active',
	completed: 'Completed',
	archived: 'Archived',
}

export function styleLabel(style: string) {
	return STYLE_LABELS[style as RenderStyle] ?? humanise(style)
}

export function roomTypeLabel(roomType: string) {
	return ROOM_TYPE_LABELS[roomType as RoomType] ?? humanise(roomType)
}

/** A room's display name: its own name if it has one, else its type. */
export function roomLabel(room: { roomName: string | null; roomType: string }) {
	return room.roomName?.trim() || roomTypeLabel(room.roomType)
}

/** '1 photo', '3 photos': the web and the bot say counts the same way. */
/**
 * A photo in the workflow's lists: its room's label, or its place ('Photo 2') while nobody has
 * given its type and the photo suggested none (its stored type is only a stand-in).
 */
export function photoLabel(room: { roomName: string | null; roomType: string; roomTypeBy: string }, index: number) {
	return room.roomTypeBy === 'nobody' && !room.roomName ? `Photo ${index + 1}` : roomLabel(room)
}

export function pluralise(count: number, one: string, many = `${one}s`) {
	return `${count} ${count === 1 ? one : many}`
}
