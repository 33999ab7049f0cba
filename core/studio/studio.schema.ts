import { z } from 'zod'
import { EDIT_KINDS, isEditKind } from '#core/edits/edit.schema.ts'
import { PHOTO_EDITS, ROOM_TYPES, type RoomType, STYLES, type PhotoEdit, type Style } from '#core/render/provider.ts'

/** Empty the room: the furniture removed and none added, offered beside the styles. */
export const EMPTY_ROOM = 'empty'

/** Photo edits offered beside the styles: a twilight shot of an exterior, an enhanced photo of anything. */
export const TWILIGHT = 'twilight' satisfies PhotoEdit
export const ENHANCE = 'enhance' satisfies PhotoEdit

/**
 * Styles and room types of the studio (spec 02 §3), with emptying and the photo edits: each is a
 * "style" of the room with its own variations, priced and counted like staging. Browser-safe: the
 * workflow imports these.
 */
export const STUDIO_STYLES = [...STYLES, EMPTY_ROOM, ...PHOTO_EDITS] as const
export type StudioStyle = (typeof STUDIO_STYLES)[number]
/** What a room's variations can be of: the studio's choices, and the edits asked with their scope (core/edits). */
export const RENDER_STYLES = [...STUDIO_STYLES, ...EDIT_KINDS] as const
export type RenderStyle = (typeof RENDER_STYLES)[number]
export const isPhotoEdit = (style: string): style is PhotoEdit => (PHOTO_EDITS as readonly string[]).includes(style)
/** Whether a studio choice adds furniture: not emptying, not a photo edit, not an item removal or renovation (only these have views to match). */
export const addsFurniture = (style: string) => style !== EMPTY_ROOM && !isPhotoEdit(style) && !isEditKind(style)
/** The interior style a studio choice asks the renderer for: none when it empties the room or edits the photo. */
export const renderStyleOf = (style: string): Style | null => (addsFurniture(style) ? (style as Style) : null)
/** The photo edit a studio choice asks for, if it is one. */
export const photoEditOf = (style: string): PhotoEdit | null => (isPhotoEdit(style) ? style : null)

/** A twilight shot is of an outside: asked of another room it is made, with a warning first. */
export const TWILIGHT_INDOORS =
	'Twilight is meant for exterior photos: this room will get a dusk sky only where a window shows one'
export const TWILIGHT_ROOM_TYPES: readonly string[] = ['exterior', 'outdoor']
/** The workflow offers these six and emptying; the other two styles exist for rooms made elsewhere. */
export const WORKFLOW_STYLES = [
	'modern',
	'luxury',
	'scandinavian',
	'industrial',
	'midcentury',
	'farmhouse',
	EMPTY_ROOM,
	TWILIGHT,
	ENHANCE,
] as const satisfies readonly StudioStyle[]

// The room types a provider is asked for are the studio's: one list (core/render/provider.ts).
export { ROOM_TYPES, type RoomType }
export const WORKFLOW_ROOM_TYPES = [
	'kitchen',
	'living',
	'bedroom',
	'bathroom',
	'dining',
	'office',
	'exterior',
] as const satisfies readonly RoomType[]

export const VARIATIONS_PER_STYLE = 3
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
export const IMAGE_TOO_LARGE = 'Image must be smaller than 10MB'
export const MAX_UPLOAD_PIXELS = 40_000_000

export const CreateProjectSchema = z.object({
	propertyAddress: z
		.string({ required_error: 'Property address is required' })
		.trim()
		.min(1, 'Property address is required')
		.max(300, 'Property address must be at most 300 characters'),
	clientName: z
		.string()
		.trim()
		.max(200)
		.optional()
		.transform((v) => v || undefined),
	clientEmail: z
		.union([z.literal(''), z.string().trim().toLowerCase().email('Valid email required')])
		.optional()
		.transform((v) => v || undefined),
})
export type CreateProjectInput = z.input<typeof CreateProjectSchema>

/**
 * Keys that make a client's retries and reruns idempotent (the CLI over HTTPS): recorded per
 * account in property_import_keys with the rows they made, so sending the same key again answers
 * the row made the first time instead of making a second one.
 */
export const PROJECT_IMPORT_KEY = /^project:[0-9a-f]{40}$/
export const UPLOAD_KEY = /^(room|upload):[0-9a-f]{40}$/
export const IMPORT_KEY = /^(project|room|upload):[0-9a-f]{40}$/
export const MAX_KNOWN_KEYS = 5000

/** POST /api/property-studio/projects: a project, and optionally the key that makes a retry find it. */
export const CreateProjectRequestSchema = CreateProjectSchema.extend({
	importKey: z.string().regex(PROJECT_IMPORT_KEY, 'Import key must be project: and 40 hex digits').optional(),
})

/** POST /api/property-studio/imports/known: which of these keys the account has already used. */
export const KnownImportsSchema = z.object({
	keys: z
		.array(z.string().regex(IMPORT_KEY, 'Each key is project:, room: or upload: and 40 hex digits'))
		.min(1, 'Send at least one key')
		.max(MAX_KNOWN_KEYS, `Send at most ${MAX_KNOWN_KEYS} keys at a time`),
})

const booleanish = z.union([z.boolean(), z.enum(['true', 'false', 'on']).transform((v) => v !== 'false')])

/**
 * The non-file fields of an upload (multipart). Without a room type the photo's own suggests one
 * (core/studio/room-type-suggestion.ts), for the agent to confirm before it is staged.
 */
export const UploadRoomSchema = z.object({
	projectId: z.string().uuid('Unknown project'),
	roomType: z.enum(ROOM_TYPES, { errorMap: () => ({ message: 'Select a room type' }) }).optional(),
	roomName: z
		.string()
		.trim()
		.max(120)
		.optional()
		.transform((v) => v || undefined),
	hasFurniture: booleanish.optional().default(false),
	uploadKey: z.string().regex(UPLOAD_KEY, 'Upload key must be room: or upload: and 40 hex digits').optional(),
})
export type UploadRoomInput = z.input<typeof UploadRoomSchema>

export const ProcessRoomSchema = z.object({
	styles: z.array(z.enum(STUDIO_STYLES)).min(1, 'Select at least one style'),
	roomType: z.enum(ROOM_TYPES).optional(),
	variationCount: z.number().int().min(1).max(VARIATIONS_PER_STYLE).default(VARIATIONS_PER_STYLE),
	hasFurniture: z.boolean().optional(),
	/** Queue the renders behind interactive work, as a bulk import does. */
	bulk: z.boolean().optional(),
})
export type ProcessRoomInput = z.input<typeof ProcessRoomSchema>

export const RemodelSchema = z.object({
	style: z.enum(STUDIO_STYLES),
	count: z.literal(1).default(1),
})
export type RemodelInput = z.input<typeof RemodelSchema>

export const FavoriteSchema = z.object({ isFavorite: z.boolean() })

/** The file field of the project page's upload, and the most photos one plain form may send at once. */
export const PHOTO_FIELD = 'photos'
export const MAX_PHOTOS_PER_UPLOAD = 10
/** A file that is no JPEG, PNG or WebP image, whatever its name says: said on the phone as it is chosen, and by the server. */
export const UNSUPPORTED_IMAGE = 'Please upload a JPG, PNG or WebP image'
/** Said on the phone before a photo goes, and by the page's action if one gets there anyway. */
export const photoTooLarge = (fileName: string) => `${fileName} is over 10MB. Please choose a smaller file.`
export const TOO_MANY_PHOTOS = `Upload at most ${MAX_PHOTOS_PER_UPLOAD} photos at a time`

/**
 * The plain field beside the photos of the project page's upload (a plain form, several photos):
 * their room types are suggested by what each shows and confirmed next.
 */
export const UploadPhotosSchema = z.object({
	hasFurniture: booleanish.optional().default(false),
})

/**
 * Room confirmation after the upload: the room type of each new room, and whether it has furniture
 * to remove when the page says (the workflow asks per photo while it uploads; a plain form asked once).
 */
export const ConfirmRoomsSchema = z.object({
	rooms: z
		.array(
			z.object({
				id: z.string().uuid('Unknown room'),
				roomType: z.enum(ROOM_TYPES, { errorMap: () => ({ message: 'Select a room type' }) }),
				hasFurniture: booleanish.optional(),
			}),
		)
		.min(1, 'Upload a photo first'),
})
export type ConfirmRoomsInput = z.input<typeof ConfirmRoomsSchema>

/** One ticked room × style of the style step, as `<roomId>:<style>`. */
export const STYLE_CHOICE = /^([0-9a-f-]{36}):([a-z_]+)$/
export const ProcessChoicesSchema = z.object({
	choices: z.array(z.string().regex(STYLE_CHOICE, 'Unknown style')).min(1, 'Select at least one style').default([]),
})

/** A heart tapped on a variation, as a form sends it. */
export const ToggleFavoriteSchema = z.object({
	variationId: z.string().uuid('Unknown variation'),
	isFavorite: booleanish,
})

/** The first view's image its other views are to be restaged to match, as a form sends it. */
export const RestageViewsFormSchema = z.object({ variationId: z.string().uuid('Unknown variation') })

/** One more variation of a room's style, as a form sends it. */
export const RemodelFormSchema = z.object({
	roomId: z.string().uuid('Unknown room'),
	style: z.enum(STUDIO_STYLES),
})
