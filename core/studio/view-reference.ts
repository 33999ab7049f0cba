import { and, asc, desc, eq } from 'drizzle-orm'
import { propertyStudioVariations, type PropertyStudioRoom } from '#db/schema/studio.ts'
import type { Tx } from '#core/platform/db.ts'
import { stagingProvider } from '#core/platform/staging-provider.ts'
import { PROVIDER_LABELS } from '#core/render/provider.ts'
import { styleLabel } from './labels.ts'
import { notSetAside } from './set-aside.ts'
import { addsFurniture, type RenderStyle } from './studio.schema.ts'

/**
 * What a view of a room is staged to match (core/studio/room-views.ts): the staged image of its
 * first view in the same style, the agent's favourite of the first generation or else its first
 * image, fixed now, when the request is made. While that generation is still rendering the view
 * waits for it; where it cannot be matched (the provider stages views one by one, or the first view
 * has no such image) the view is staged on its own, with a note saying why.
 */
export type ViewToMatch = Reference | { note: string } | 'wait' | null
/** The storage key of the image a view is staged to match, and that image's variation. */
export type Reference = { referenceKey: string; matchedTo: string }

export async function viewToMatch(
	tx: Tx,
	room: Pick<PropertyStudioRoom, 'sameRoomAs'>,
	style: RenderStyle,
): Promise<ViewToMatch> {
	// Emptying and the photo edits add no furniture: nothing to match.
	if (!room.sameRoomAs || !addsFurniture(style)) return null
	const provider = stagingProvider()
	if (!provider.stagesViewsTogether)
		return {
			note: `Staged on its own: ${PROVIDER_LABELS[provider.name] ?? provider.name} does not stage views of one room together yet`,
		}
	const first = await tx
		.select({
			id: propertyStudioVariations.id,
			status: propertyStudioVariations.status,
			imageUrl: propertyStudioVariations.imageUrl,
		})
		.from(propertyStudioVariations)
		.where(
			and(
				eq(propertyStudioVariations.roomId, room.sameRoomAs),
				eq(propertyStudioVariations.style, style),
				eq(propertyStudioVariations.generationNumber, 1),
				notSetAside,
			),
		)
		.orderBy(desc(propertyStudioVariations.isFavorite), asc(propertyStudioVariations.variationIndex))
	const staged = first.find((v) => v.status === 'completed' && v.imageUrl)
	if (staged) return { referenceKey: staged.imageUrl!, matchedTo: staged.id }
	if (first.some((v) => v.status === 'pending')) return 'wait'
	return { note: `Staged on its own: the first view of this room has no ${styleLabel(style)} image to match` }
}
