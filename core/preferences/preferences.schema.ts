import { z } from 'zod'
import { STYLES } from '#core/render/provider.ts'
import { optionalText, optionalWebUrl } from '#core/shared-fields.schema.ts'

/**
 * Client preferences after a viewing (spec 02 §3, §5): the client form (single room or multi-room)
 * and the multi-room demo. Browser-safe: both forms check the same rules before sending.
 */

export const PREFERENCE_STYLES = STYLES
export type PreferenceStyle = (typeof PREFERENCE_STYLES)[number]

/** Room types of the client forms, guessed from the file name and changeable. */
export const PREFERENCE_ROOM_TYPES = ['living', 'bedroom', 'kitchen', 'bathroom', 'dining', 'office'] as const
export type PreferenceRoomType = (typeof PREFERENCE_ROOM_TYPES)[number]

/** The single-room form's areas; kitchen is the default (spec 02 §9). */
export const AREAS = ['kitchen', 'bathroom', 'living', 'bedroom', 'exterior', 'backyard'] as const
export type Area = (typeof AREAS)[number]
export const DEFAULT_AREA: Area = 'kitchen'

export const QUALITY_LEVELS = ['standard', 'premium', 'ultra'] as const
export type QualityLevel = (typeof QUALITY_LEVELS)[number]
export const LIGHTING_PREFERENCES = ['natural', 'warm', 'bright', 'ambient'] as const
export type LightingPreference = (typeof LIGHTING_PREFERENCES)[number]

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024

export const MISSING_IMAGE = 'Missing property image'
export const AREA_REQUIRED = 'Property area required'
export const SELECT_ROOM_TYPE = 'Select a room type'
/** A staged favourite that is not the agent's own, paid-for image (or no such image at all). */
export const NOT_YOUR_FAVOURITE = 'Choose one of your own staged favourites'
export const PHOTO_OR_FAVOURITE = 'Choose either a new photo or a staged favourite, not both'

/** The file field, count limits and messages of each form (spec 02 §5). */
export const PHOTO_RULES = {
	single: {
		field: 'image',
		min: 0,
		max: 1,
		tooFew: MISSING_IMAGE,
		tooMany: 'Only one image can be sent in single room mode',
		tooLarge: (_file: string) => 'File too large',
	},
	multi: {
		field: 'property-images',
		min: 2,
		max: 10,
		tooFew: 'Insufficient room images',
		tooMany: 'Too many images',
		tooLarge: (_file: string) => 'File too large',
	},
	demo: {
		field: 'property-images',
		min: 1,
		max: 10,
		tooFew: 'Please upload at least one room image to continue',
		tooMany: 'Maximum 10 room images allowed per brochure',
		tooLarge: (file: string) => `${file} is over 10MB. Please choose a smaller file.`,
	},
} as const
export type PreferenceForm = keyof typeof PHOTO_RULES

/** The multi-room demo posts to the multi-room endpoint with this marker. */
export const DEMO_SOURCE = 'multi-room-demo'

const notes = optionalText(2000, 'At most 2000 characters')

/** The client form's fields (single and multi mode alike; the area only matters in single mode). */
export const ClientPreferenceSchema = z.object({
	clientName: z
		.string({ required_error: 'Client name is required' })
		.trim()
		.min(2, 'Client name is required')
		.max(120, 'Client name must be at most 120 characters'),
	propertyAddress: z
		.string({ required_error: 'Property address is required' })
		.trim()
		.min(5, 'Property address is required')
		.max(300, 'Property address must be at most 300 characters'),
	area: z
		.union([z.literal(''), z.enum(AREAS, { errorMap: () => ({ message: AREA_REQUIRED }) })])
		.optional()
		.transform((v) => v || undefined),
	stylePreference: z
		.enum(PREFERENCE_STYLES, { errorMap: () => ({ message: 'Style preference is required' }) })
		.default('standard'),
	agentEmail: z
		.string({ required_error: 'Please enter a valid email address' })
		.trim()
		.toLowerCase()
		.email('Please enter a valid email address'),
	propertyUrl: optionalWebUrl,
	notes,
	/** Single room: one of the agent's staged favourites as the photo, instead of an upload (staged-favourites.ts). */
	favoriteId: z
		.string()
		.trim()
		.max(64, NOT_YOUR_FAVOURITE)
		.optional()
		.transform((v) => v || undefined),
})
export type ClientPreferenceInput = z.input<typeof ClientPreferenceSchema>

/** The multi-room demo's fields. */
export const MultiRoomPreferenceSchema = z.object({
	clientName: z
		.string({ required_error: 'Client name is required' })
		.trim()
		.min(1, 'Client name is required')
		.max(120, 'Client name must be at most 120 characters'),
	propertyAddress: z
		.string({ required_error: 'Property address is required' })
		.trim()
		.min(1, 'Property address is required')
		.max(300, 'Property address must be at most 300 characters'),
	stylePreference: z
		.enum(PREFERENCE_STYLES, { errorMap: () => ({ message: 'Style preference is required' }) })
		.default('standard'),
	agentEmail: z
		.string({ required_error: 'Valid agent email required' })
		.trim()
		.toLowerCase()
		.email('Valid agent email required'),
	qualityLevel: z
		.enum(QUALITY_LEVELS, { errorMap: () => ({ message: 'Choose standard, premium or ultra' }) })
		.default('standard'),
	lightingPreference: z
		.enum(LIGHTING_PREFERENCES, { errorMap: () => ({ message: 'Choose natural, warm, bright or ambient' }) })
		.default('natural'),
	notes,
})
export type MultiRoomPreferenceInput = z.input<typeof MultiRoomPreferenceSchema>

/** The name of the i-th image's room type field (spec 02 §7: roomTypes[i]). */
export function roomTypeField(index: number) {
	return `roomTypes[${index}]`
}

/**
 * The count and size rules of a form's photos, for the browser before it sends them (the server
 * enforces the same while it reads the upload). Returns the first broken rule's message.
 */
export function photoProblem(
	form: PreferenceForm,
	files: ReadonlyArray<{ name: string; size: number }>,
): string | null {
	const rules = PHOTO_RULES[form]
	if (files.length > rules.max) return rules.tooMany
	const large = files.find((file) => file.size > MAX_IMAGE_BYTES)
	if (large) return rules.tooLarge(large.name)
	if (files.length < rules.min) return rules.tooFew
	return null
}
