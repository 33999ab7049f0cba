import type { Style } from '#core/render/provider.ts'

/**
 * The before/after examples of the hero carousel and the examples section. The images are made by
 * scripts/make-landing-images.ts: synthetic rooms, each "after" rendered from its "before" by our
 * local preview renderer.
 */
export interface Example {
	id: 'kitchen' | 'living' | 'office' | 'bedroom' | 'kids' | 'garden'
	room: string
	/** The label of the after image (spec: Staged, Luxury, Scandinavian, Mid-Century, Professional). */
	label: string
	/** The renderer style that made the after image. */
	style: Style
	before: string
	after: string
	beforeSrcSet: SrcSet
	afterSrcSet: SrcSet
}

/** An image's `srcset` per format: browsers that read AVIF take it, the rest WebP. */
export type SrcSet = Record<ImageFormat, string>
export type ImageFormat = 'avif' | 'webp'

export const EXAMPLE_SIZE = { width: 1200, height: 800 }
/** The widths each example is published at: a phone's screen, a desktop column, a sharp desktop column. */
export const EXAMPLE_WIDTHS = [480, 800, EXAMPLE_SIZE.width] as const

/** One published variant of an example image; the full-width WebP is the image itself. */
export function exampleVariant(src: string, width: number, format: ImageFormat) {
	return width === EXAMPLE_SIZE.width && format === 'webp' ? src : src.replace(/\.webp$/, `-${width}.${format}`)
}

function srcSetOf(src: string): SrcSet {
	const set = (format: ImageFormat) =>
		EXAMPLE_WIDTHS.map((width) => `${exampleVariant(src, width, format)} ${width}w`).join(', ')
	return { avif: set('avif'), webp: set('webp') }
}

function example(id: Example['id'], room: string, label: string, style: Style): Example {
	const before = `/landing/${id}-before.webp`
	const after = `/landing/${id}-${style}.webp`
	return { id, room, label, style, before, after, beforeSrcSet: srcSetOf(before), afterSrcSet: srcSetOf(after) }
}

export const EXAMPLES: Example[] = [
	example('kitchen', 'Kitchen', 'Luxury', 'luxury'),
	example('living', 'Living Room', 'Scandinavian', 'scandinavian'),
	example('office', 'Home Office', 'Professional', 'modern'),
	example('bedroom', 'Bedroom', 'Mid-Century', 'midcentury'),
	example('kids', 'Kids Room', 'Staged', 'standard'),
	example('garden', 'Garden', 'Staged', 'coastal'),
]
