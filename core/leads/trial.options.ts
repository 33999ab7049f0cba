import { STYLES, type Style } from '#core/render/provider.ts'

/**
 * The free trial's options, messages and file rules (spec 01 §3, §5), with no zod: the landing
 * page's form renders from them at load, while the schemas (trial.schema.ts) load when the form is
 * first used.
 */

export const TRIAL_ROOM_TYPES = [
	'bedroom',
	'living_room',
	'kitchen',
	'bathroom',
	'home_office',
	'dining_room',
	'kids_room',
	'outdoor',
] as const
export type TrialRoomType = (typeof TRIAL_ROOM_TYPES)[number]

export const TRIAL_ROOM_LABELS: Record<TrialRoomType, string> = {
	bedroom: 'Bedroom',
	living_room: 'Living Room',
	kitchen: 'Kitchen',
	bathroom: 'Bathroom',
	home_office: 'Home Office',
	dining_room: 'Dining Room',
	kids_room: 'Kids Room',
	outdoor: 'Outdoor',
}

/** The same eight furniture styles as the home page's style options. */
export const TRIAL_STYLES = STYLES
export const TRIAL_STYLE_LABELS: Record<Style, string> = {
	standard: 'Standard',
	modern: 'Modern',
	scandinavian: 'Scandinavian',
	industrial: 'Industrial',
	midcentury: 'Mid-Century',
	luxury: 'Luxury',
	coastal: 'Coastal',
	farmhouse: 'Farmhouse',
}

export const MAX_TRIAL_IMAGE_BYTES = 5 * 1024 * 1024

export const TRIAL_MESSAGES = {
	name: 'Please enter your name',
	email: 'Please enter a valid email address',
	roomType: 'Please select a room type',
	style: 'Please select a furniture style',
	imageMissing: 'Please select an image to transform',
	imageType: 'Please select an image file (JPEG, PNG, etc.)',
	imageSize: 'Image must be smaller than 5MB',
	alreadyUsed: 'This email address has already been used for a free trial',
} as const

/**
 * The broken rules of a chosen file, in order (none: it may be sent). Only a hint: the server
 * decodes the header instead of trusting the declared type.
 */
export function chosenImageErrors(file: File): string[] {
	if (!(file.size > 0)) return [TRIAL_MESSAGES.imageMissing]
	return [
		file.type.startsWith('image/') ? null : TRIAL_MESSAGES.imageType,
		file.size <= MAX_TRIAL_IMAGE_BYTES ? null : TRIAL_MESSAGES.imageSize,
	].filter((problem) => problem !== null)
}

/** The first broken rule of a chosen file, or null: the image picker checks before previewing. */
export function chosenImageError(file: File): string | null {
	return chosenImageErrors(file)[0] ?? null
}

/** The success copy, shown by the page and returned by the API. */
export function trialSuccessMessage(email: string) {
	return `We'll email your transformed image to ${email} in the next few minutes`
}
