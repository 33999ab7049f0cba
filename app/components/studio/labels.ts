import type { WORKFLOW_ROOM_TYPES, WORKFLOW_STYLES } from '#core/studio/studio.schema.ts'

export type WorkflowStyle = (typeof WORKFLOW_STYLES)[number]
export type WorkflowRoomType = (typeof WORKFLOW_ROOM_TYPES)[number]

export const STYLE_DESCRIPTIONS: Record<WorkflowStyle, string> = {
	modern: 'Clean lines, neutral palette',
	luxury: 'Rich materials, warm golden light',
	scandinavian: 'Bright, airy, natural wood',
	industrial: 'Raw textures, moody contrast',
	midcentury: 'Warm retro tones',
	farmhouse: 'Rustic warmth, matte finish',
	empty: 'Furniture removed, nothing added',
	twilight: 'Exterior at dusk: sky and light only',
	enhance: 'Exposure, colour and lens corrected',
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
