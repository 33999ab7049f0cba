import { z } from 'zod'
import { STYLES, type Style } from '#core/render/provider.ts'

/** The free trial's options and rules (spec 01 §3, §5). Browser-safe: the landing form imports it. */

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

/** Text, an at sign, text, a dot, text: the spec's shape, deliberately no stricter. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The text fields, in the spec's order: zod reports issues in key order, so the first message of a
 * failed parse is the first rule broken.
 */
export const TrialFieldsSchema = z.object({
	name: z
		.string({ required_error: TRIAL_MESSAGES.name })
		.trim()
		.min(1, TRIAL_MESSAGES.name)
		.max(200, 'Name must be at most 200 characters'),
	email: z
		.string({ required_error: TRIAL_MESSAGES.email })
		.trim()
		.max(254, TRIAL_MESSAGES.email)
		.regex(EMAIL_SHAPE, TRIAL_MESSAGES.email),
	roomType: z.enum(TRIAL_ROOM_TYPES, { errorMap: () => ({ message: TRIAL_MESSAGES.roomType }) }),
	style: z.enum(TRIAL_STYLES, { errorMap: () => ({ message: TRIAL_MESSAGES.style }) }),
	requiresDeclutter: z
		.enum(['true', 'false'])
		.optional()
		.transform((v) => v === 'true'),
})
export type TrialFields = z.output<typeof TrialFieldsSchema>

/**
 * The browser's checks of the chosen file, after the text fields. Only a hint: the server decodes
 * the header instead of trusting the declared type.
 */
const ChosenImage = z
	.custom<File>((v) => typeof File !== 'undefined' && v instanceof File && v.size > 0, TRIAL_MESSAGES.imageMissing)
	.refine((file) => file.type.startsWith('image/'), TRIAL_MESSAGES.imageType)
	.refine((file) => file.size <= MAX_TRIAL_IMAGE_BYTES, TRIAL_MESSAGES.imageSize)

export const TrialFormSchema = TrialFieldsSchema.extend({ image: ChosenImage })

/** The first broken rule of a chosen file, or null: the image picker checks before previewing. */
export function chosenImageError(file: File): string | null {
	const result = ChosenImage.safeParse(file)
	return result.success ? null : result.error.issues[0].message
}

/** The success copy, shown by the page and returned by the API. */
export function trialSuccessMessage(email: string) {
	return `We'll email your transformed image to ${email} in the next few minutes`
}
