import { z } from 'zod'

/**
 * What an agent asks of a room's photo beside staging: items removed, or surfaces renovated. Each
 * is a studio "style" of its own (its variations, counted and priced as a render), named by what
 * it does. Browser-safe: the studio's edit form imports these.
 */
export const EDIT_KINDS = ['remove', 'renovate'] as const
export type EditKind = (typeof EDIT_KINDS)[number]
export const isEditKind = (style: string): style is EditKind => (EDIT_KINDS as readonly string[]).includes(style)

/** Floors a renovation offers, as vendors are asked for them and the label names them. */
export const FLOOR_MATERIALS = [
	'oak',
	'walnut',
	'grey tiles',
	'white tiles',
	'light carpet',
	'polished concrete',
] as const
/**
 * Wall colours offered as swatches, warm and cool neutrals as paint visualisers lead with: the
 * same few in the studio and the bot, beside any colour given as a hex code.
 */
export const WALL_COLOURS = [
	{ name: 'Greige', hex: '#d8d2c4' },
	{ name: 'Warm white', hex: '#f2ede3' },
	{ name: 'Sage', hex: '#b5bfa5' },
	{ name: 'Dusky blue', hex: '#7a9cb8' },
	{ name: 'Charcoal', hex: '#4a4d50' },
] as const
/** Worktops a renovation offers. */
export const WORKTOP_MATERIALS = ['white marble', 'black granite', 'oak', 'white quartz', 'concrete'] as const

/** A strokes field that is not a list of strokes (garbled, cut short): said once, whatever part is wrong. */
export const STROKES_UNREADABLE = 'The brush strokes could not be read: draw them again'

const HEX = /^#[0-9a-fA-F]{6}$/
const colour = (what: string) =>
	z
		.string()
		.trim()
		.regex(HEX, `${what} must be a colour like #d8d2c4`)
		.transform((v) => v.toLowerCase())
const material = <T extends readonly [string, ...string[]]>(what: string, materials: T) =>
	z.preprocess(
		(v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
		z.enum(materials, { errorMap: () => ({ message: `${what} must be one of: ${materials.join(', ')}` }) }),
	)

/** A point of a stroke: a fraction of the photo's width or height. */
const fraction = z
	.number({ invalid_type_error: STROKES_UNREADABLE })
	.min(0, 'A stroke must stay on the photo')
	.max(1, 'A stroke must stay on the photo')

/** A brush stroke over the photo (core/edits/selection.ts Stroke): points and radius in fractions of the photo. */
const StrokeSchema = z.object(
	{
		points: z
			.array(z.tuple([fraction, fraction], { invalid_type_error: STROKES_UNREADABLE }), {
				invalid_type_error: STROKES_UNREADABLE,
			})
			.min(1, 'A stroke needs at least one point')
			.max(2000, 'A stroke has at most 2000 points'),
		radius: z
			.number({ invalid_type_error: STROKES_UNREADABLE, required_error: STROKES_UNREADABLE })
			.positive()
			.max(0.25, 'A brush is at most a quarter of the photo wide'),
		erase: z.boolean({ invalid_type_error: STROKES_UNREADABLE }).optional(),
	},
	{ invalid_type_error: STROKES_UNREADABLE },
)

/** Names or ids as one comma-separated field (a form, the CLI's --remove) or a list (JSON). */
const names = z.preprocess(
	(v) =>
		typeof v === 'string'
			? v
					.split(',')
					.map((s) => s.trim())
					.filter(Boolean)
			: v,
	z.array(z.string().trim().min(1).max(60)).max(30, 'Remove at most 30 things at a time'),
)

export const RemoveSchema = z
	.object({
		/** The photo's objects by id ('chair-2') or name ('chair 2', 'lamp'), as `rendo objects` lists them. */
		remove: names,
		strokes: z
			.array(StrokeSchema, { invalid_type_error: STROKES_UNREADABLE })
			.max(50, 'Draw at most 50 strokes')
			.default([]),
	})
	.refine((v) => v.remove.length > 0 || v.strokes.some((s) => !s.erase), {
		message: 'Select at least one thing to remove',
		path: ['remove'],
	})

export const RenovateSchema = z.object({
	renovate: z
		.object({
			walls: colour('Walls').optional(),
			floor: material('Floor', FLOOR_MATERIALS).optional(),
			ceiling: colour('Ceiling').optional(),
			'kitchen units': colour('Kitchen units').optional(),
			worktops: material('Worktops', WORKTOP_MATERIALS).optional(),
		})
		.strict('Renovate walls, floor, ceiling, kitchen units or worktops')
		.refine((v) => Object.values(v).some(Boolean), 'Choose at least one surface to renovate'),
})

const ASK_ONE = 'Ask to remove things or to renovate surfaces, one at a time'

/**
 * POST /api/property-studio/rooms/{roomId}/edit: items removed, or surfaces renovated (one of the
 * two). Chosen by its key rather than as a zod union, so a wrong floor says "Floor must be one of:
 * …" instead of the union's "invalid input".
 */
export const EditRoomSchema = z
	.unknown()
	.transform((input, ctx): z.output<typeof RemoveSchema> | z.output<typeof RenovateSchema> => {
		const given = input && typeof input === 'object' ? (input as Record<string, unknown>) : {}
		const [removes, renovates] = ['remove' in given || 'strokes' in given, 'renovate' in given]
		if (removes === renovates) {
			ctx.addIssue({ code: 'custom', message: ASK_ONE, path: ['edit'] })
			return z.NEVER
		}
		const parsed = (renovates ? RenovateSchema : RemoveSchema).safeParse(input)
		if (parsed.success) return parsed.data
		for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message })
		return z.NEVER
	})
export type EditRoomInput = z.input<typeof EditRoomSchema>
export type EditRoom = z.output<typeof EditRoomSchema>

/** The renovation's surfaces in the order they are said ("walls, floor"). */
export const RENOVATED_SURFACES = ['walls', 'floor', 'ceiling', 'kitchen units', 'worktops'] as const
