import { z } from 'zod'
import { STYLES, type Style } from '#core/render/provider.ts'

/** Empty the room: the furniture removed and none added, offered beside the styles. */
export const EMPTY_ROOM = 'empty'

/** Styles and room types of the studio (spec 02 §3). Browser-safe: the workflow imports these. */
export const STUDIO_STYLES = [...STYLES, EMPTY_ROOM] as const
export type StudioStyle = (typeof STUDIO_STYLES)[number]
/** The interior style a studio choice asks the renderer for: none when it empties the room. */
export const renderStyleOf = (style: StudioStyle): Style | null => (style === EMPTY_ROOM ? null : style)
/** The workflow offers these six and emptying; the other two styles exist for rooms made elsewhere. */
export const WORKFLOW_STYLES = [
	'modern',
	'luxury',
	'scandinavian',
	'industrial',
	'midcentury',
	'farmhouse',
	EMPTY_ROOM,
] as const satisfies readonly StudioStyle[]

export const ROOM_TYPES = [
	'kitchen',
	'living',
	'bedroom',
	'bathroom',
	'dining',
	'office',
	'exterior',
	'kids_room',
	'outdoor',
] as const
export type RoomType = (typeof ROOM_TYPES)[number]
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

const booleanish = z.union([z.boolean(), z.enum(['true', 'false', 'on']).transform((v) => v !== 'false')])

/** The non-file fields of an upload (multipart). */
export const UploadRoomSchema = z.object({
	projectId: z.string().uuid('Unknown project'),
	roomType: z.enum(ROOM_TYPES, { errorMap: () => ({ message: 'Select a room type' }) }),
	roomName: z
		.string()
		.trim()
		.max(120)
		.optional()
		.transform((v) => v || undefined),
	hasFurniture: booleanish.optional().default(false),
})
export type UploadRoomInput = z.input<typeof UploadRoomSchema>

export const ProcessRoomSchema = z.object({
	styles: z.array(z.enum(STUDIO_STYLES)).min(1, 'Select at least one style'),
	roomType: z.enum(ROOM_TYPES).optional(),
	variationCount: z.number().int().min(1).max(VARIATIONS_PER_STYLE).default(VARIATIONS_PER_STYLE),
	hasFurniture: z.boolean().optional(),
})
export type ProcessRoomInput = z.input<typeof ProcessRoomSchema>

export const RemodelSchema = z.object({
	style: z.enum(STUDIO_STYLES),
	count: z.literal(1).default(1),
})
export type RemodelInput = z.input<typeof RemodelSchema>

export const FavoriteSchema = z.object({ isFavorite: z.boolean() })
