import { z } from 'zod'
import type { Style } from '#core/render/provider.ts'
import {
	areaFieldName,
	DEFAULT_STYLE,
	TRANSFORM_AREAS,
	TRANSFORM_STYLES,
	type TransformArea,
	type TransformStyle,
} from './transformation.options.ts'

/** The quick transform's rules (spec 01 §3, spec 02 §3, §5). Browser-safe: the form loads it when first used. */
export {
	AREA_LABELS,
	areaFieldName,
	DEFAULT_AREAS,
	DEFAULT_STYLE,
	TRANSFORM_AREAS,
	TRANSFORM_STYLES,
	type TransformArea,
	type TransformStyle,
} from './transformation.options.ts'

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

export const NOT_AN_IMAGE = 'Please select an image file (JPEG, PNG, etc.)'

const areaFields = Object.fromEntries(
	TRANSFORM_AREAS.map((area) => [areaFieldName(area), z.literal('true').optional()]),
) as Record<`area-${TransformArea}`, z.ZodOptional<z.ZodLiteral<'true'>>>

/**
 * The quick transform form's fields, checked by conform in the browser and by the /transform action
 * (with the uploaded file) before createTransformation: the photo or the listing URL by mode.
 * Empty fields arrive as undefined (conform's parse).
 */
export const TransformFormSchema = z
	.object({
		mode: z.enum(['upload', 'url']).default('upload'),
		image: z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File, NO_FILE_SELECTED).optional(),
		propertyUrl: z.string().trim().max(2000).optional(),
		style: z
			.enum(TRANSFORM_STYLES, { errorMap: () => ({ message: 'Choose a style from the list' }) })
			.default(DEFAULT_STYLE),
		...areaFields,
		emailResults: z.literal('true').optional(),
		email: z.string().trim().email('Please enter a valid email address').optional(),
	})
	.superRefine((v, ctx) => {
		if (v.mode === 'url') {
			if (!v.propertyUrl) ctx.addIssue({ code: 'custom', path: ['propertyUrl'], message: NO_URL_PROVIDED })
			else if (!z.string().url().safeParse(v.propertyUrl).success)
				ctx.addIssue({ code: 'custom', path: ['propertyUrl'], message: 'Please enter a valid URL' })
			return
		}
		const file = v.image
		if (!file || file.size === 0) ctx.addIssue({ code: 'custom', path: ['image'], message: NO_FILE_SELECTED })
		else if (file.size > TRANSFORM_MAX_BYTES) ctx.addIssue({ code: 'custom', path: ['image'], message: FILE_TOO_LARGE })
		// the declared type is a hint only (the server decodes the image); an unknown type passes
		else if (file.type && !file.type.startsWith('image/'))
			ctx.addIssue({ code: 'custom', path: ['image'], message: NOT_AN_IMAGE })
	})
export type TransformForm = z.output<typeof TransformFormSchema>

/** The form's area checkboxes as the spec's `areas` (none ticked is the service's default). */
export function formAreas(form: Partial<Record<`area-${TransformArea}`, unknown>>) {
	return TRANSFORM_AREAS.filter((area) => form[areaFieldName(area)])
}
