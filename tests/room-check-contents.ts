import { eq } from 'drizzle-orm'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import { db } from '#core/platform/db.ts'

/** What the room check saw in a staged living room: a sofa, a rug and two lamps added, a bed taken away. */
export const SEEN = {
	added: [
		{ name: 'sofa', plural: 'sofas', count: 1 },
		{ name: 'rug', plural: 'rugs', count: 1 },
		{ name: 'lamp', plural: 'lamps', count: 2 },
	],
	removed: [{ name: 'bed', plural: 'beds', count: 1 }],
}
/** SEEN as every door says it. */
export const SEEN_SENTENCE = 'Added: a sofa, a rug and two lamps. Removed: a bed'

/**
 * Records a vendor image's room check as the pipeline does: its verdict and what it saw added and
 * removed (the local preview that rendered it in tests has no contents), with a note when flagged.
 */
export async function recordContents(
	variationId: string,
	contents: typeof SEEN | null = SEEN,
	verdict: 'ok' | 'check' | 'unaligned' = 'ok',
	note: string | null = verdict === 'check' ? 'The floor looks different' : null,
) {
	await db
		.update(propertyStudioVariations)
		.set({ roomCheck: verdict, roomCheckNote: note, roomCheckContents: contents })
		.where(eq(propertyStudioVariations.id, variationId))
}
