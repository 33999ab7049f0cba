import type { RoomType, StudioStyle } from '#core/studio/studio.schema.ts'
import { WORKFLOW_ROOM_TYPES, WORKFLOW_STYLES } from '#core/studio/studio.schema.ts'

export type WorkflowStyle = (typeof WORKFLOW_STYLES)[number]
export type WorkflowRoomType = (typeof WORKFLOW_ROOM_TYPES)[number]

const STYLE_LABELS: Record<StudioStyle, string> = {
	modern: 'Modern',
	luxury: 'Luxury',
	scandinavian: 'Scandinavian',
	industrial: 'Industrial',
	midcentury: 'Mid-Century',
	farmhouse: 'Farmhouse',
	coastal: 'Coastal',
	standard: 'Standard',
}

export const STYLE_DESCRIPTIONS: Record<WorkflowStyle, string> = {
	modern: 'Clean lines, neutral palette',
	luxury: 'Rich materials, warm golden light',
	scandinavian: 'Bright, airy, natural wood',
	industrial: 'Raw textures, moody contrast',
	midcentury: 'Warm retro tones',
	farmhouse: 'Rustic warmth, matte finish',
}

const ROOM_TYPE_LABELS: Record<RoomType, string> = {
	kitchen: 'Kitchen',
	living: 'Living Room',
	bedroom: 'Bedroom',
	bathroom: 'Bathroom',
	dining: 'Dining Room',
	office: 'Office',
	exterior: 'Exterior',
	kids_room: "Kids' Room",
	outdoor: 'Outdoor',
}

// Rows made elsewhere may carry values this build does not know: show them readably, not blank.
function humanise(value: string) {
	return value
		.split(/[_\s-]+/)
		.filter(Boolean)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ')
}

export function styleLabel(style: string) {
	return STYLE_LABELS[style as StudioStyle] ?? humanise(style)
}

export function roomTypeLabel(roomType: string) {
	return ROOM_TYPE_LABELS[roomType as RoomType] ?? humanise(roomType)
}

/** A room's display name: its own name if it has one, else its type. */
export function roomLabel(room: { roomName: string | null; roomType: string }) {
	return room.roomName?.trim() || roomTypeLabel(room.roomType)
}

// A fixed zone, so the server's render and the phone's hydration print the same day.
const shortDate = new Intl.DateTimeFormat('en-US', {
	month: 'short',
	day: 'numeric',
	year: 'numeric',
	timeZone: 'Europe/London',
})

/** The workflow's date format (spec 02 §9: en-US short), e.g. 'Nov 22, 2026'; 'Unknown' if missing. */
export function formatShortDate(iso: string | null | undefined) {
	if (!iso) return 'Unknown'
	const date = new Date(iso)
	return Number.isNaN(date.getTime()) ? 'Unknown' : shortDate.format(date)
}

export function pluralise(count: number, one: string, many = `${one}s`) {
	return `${count} ${count === 1 ? one : many}`
}
