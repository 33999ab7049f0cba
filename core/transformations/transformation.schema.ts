import { z } from 'zod'
import type { Style } from '#core/render/provider.ts'

/** The quick transform's vocabulary (spec 01 §3, spec 02 §3, §5). Browser-safe: the form imports it. */
export const TRANSFORM_AREAS = ['kitchen', 'bathroom', 'living', 'bedroom', 'exterior', 'backyard'] as const
export type TransformArea = (typeof TRANSFORM_AREAS)[number]
export const AREA_LABELS: Record<TransformArea, string> = {
	kitchen: 'Kitchen',
	bathroom: 'Bathroom',
	living: 'Living Room',
	bedroom: 'Bedroom',
	exterior: 'Exterior',
	backyard: 'Backyard/Patio',
}
export const DEFAULT_AREAS: readonly TransformArea[] = ['kitchen', 'bathroom', 'living', 'bedroom']

/** The transformation request's five styles (spec 01 §5). */
export const TRANSFORM_STYLES = ['modern', 'luxury', 'rustic', 'contemporary', 'scandinavian'] as const
export type TransformStyle = (typeof TRANSFORM_STYLES)[number]
export const DEFAULT_STYLE = 'modern'

/** Rustic and contemporary have no look of their own in the renderers: they render as their nearest. */
export const RENDER_STYLE: Record<TransformStyle, Style> = {
	modern: 'modern',
	luxury: 'luxury',
	rustic: 'farmhouse',
	contemporary: 'modern',
	scandinavian: 'scandinavian',
}

export const TRANSFORM_MAX_BYTES = 10 * 1024 * 1024
/** Listing pages give at most this many images (their og:image and img tags, in page order). */
export const MAX_LISTING_IMAGES = 10

export const LOGIN_REQUIRED = 'You must be logged in to transform photos'
export const NO_FILE_SELECTED = 'No file selected'
export const NO_URL_PROVIDED = 'No URL provided'
export const FILE_TOO_LARGE = 'Image must be 10MB or smaller'

const booleanish = z
	.union([z.boolean(), z.enum(['true', 'false', 'on', ''])])
	.optional()
	.transform((v) => v === true || v === 'true' || v === 'on')

/** Areas come as a list or as JSON text (the spec's multipart field); none chosen means kitchen. */
const areasField = z
	.preprocess((v) => {
		if (typeof v !== 'string') return v
		if (!v.trim()) return []
		try {
			return JSON.parse(v)
		} catch {
			return v.split(',').map((s) => s.trim())
		}
	}, z.array(z.enum(TRANSFORM_AREAS, { errorMap: () => ({ message: 'Choose areas from the list' }) })).optional())
	.transform((areas) => (areas?.length ? [...new Set(areas)] : (['kitchen'] as TransformArea[])))

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

export const OWN_EMAIL_ONLY = 'Results can only be emailed to your own address'

export const TransformRequestSchema = z
	.object({
		// 'upload' or 'url'; a client that only sends propertyUrl is in URL mode
		mode: z.enum(['upload', 'url']).optional(),
		propertyUrl: z.preprocess(blankToUndefined, z.string().trim().url('Please enter a valid URL').max(2000).optional()),
		style: z.preprocess(
			blankToUndefined,
			z
				.enum(TRANSFORM_STYLES, { errorMap: () => ({ message: 'Choose a style from the list' }) })
				.default(DEFAULT_STYLE),
		),
		areas: areasField,
		emailResults: booleanish,
		email: z.preprocess(
			blankToUndefined,
			z.string().trim().toLowerCase().email('Please enter a valid email address').optional(),
		),
	})
	.transform((v) => ({ ...v, mode: v.mode ?? (v.propertyUrl ? ('url' as const) : ('upload' as const)) }))
	.superRefine((v, ctx) => {
		if (v.mode === 'url' && !v.propertyUrl)
			ctx.addIssue({ code: 'custom', path: ['propertyUrl'], message: NO_URL_PROVIDED })
	})
export type TransformRequestInput = z.input<typeof TransformRequestSchema>
export type TransformRequest = z.output<typeof TransformRequestSchema>
