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
}

export const EXAMPLE_SIZE = { width: 1200, height: 800 }

function example(id: Example['id'], room: string, label: string, style: Style): Example {
	return { id, room, label, style, before: `/landing/${id}-before.webp`, after: `/landing/${id}-${style}.webp` }
}

export const EXAMPLES: Example[] = [
	example('kitchen', 'Kitchen', 'Luxury', 'luxury'),
	example('living', 'Living Room', 'Scandinavian', 'scandinavian'),
	example('office', 'Home Office', 'Professional', 'modern'),
	example('bedroom', 'Bedroom', 'Mid-Century', 'midcentury'),
	example('kids', 'Kids Room', 'Staged', 'standard'),
	example('garden', 'Garden', 'Staged', 'coastal'),
]
