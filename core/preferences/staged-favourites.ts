import { and, asc, desc, eq, isNotNull } from 'drizzle-orm'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { storage } from '#core/platform/storage.ts'
import { ownedVariation } from '#core/studio/access.ts'
import { roomLabel, styleLabel } from '#core/studio/labels.ts'
import { NOT_YOUR_FAVOURITE } from './preferences.schema.ts'

/**
 * A brochure request may start from an image the agent has already staged and paid for, instead
 * of a new upload. Only favourites of completed projects are offered: those are the images the
 * agent bought (completion keeps only the favourites it was paid for); a favourite of a project
 * still open has not been paid for, and a brochure must not hand it out before the studio does.
 */
const purchased = and(
	eq(propertyStudioProjects.status, 'completed'),
	eq(propertyStudioVariations.isFavorite, true),
	eq(propertyStudioVariations.status, 'completed'),
	isNotNull(propertyStudioVariations.imageUrl),
)

/** The agent's staged favourites a brochure can use, the latest property first. */
export async function listStagedFavourites(actor: Actor) {
	const { userId } = requireUser(actor, 'read')
	const rows = await db
		.select({
			id: propertyStudioVariations.id,
			style: propertyStudioVariations.style,
			roomType: propertyStudioRooms.roomType,
			roomName: propertyStudioRooms.roomName,
			projectId: propertyStudioProjects.id,
			propertyAddress: propertyStudioProjects.propertyAddress,
		})
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.innerJoin(propertyStudioProjects, eq(propertyStudioProjects.id, propertyStudioRooms.projectId))
		.where(and(eq(propertyStudioProjects.userId, userId), purchased))
		.orderBy(
			desc(propertyStudioProjects.completedAt),
			asc(propertyStudioRooms.sortOrder),
			asc(propertyStudioVariations.style),
			asc(propertyStudioVariations.generationNumber),
			asc(propertyStudioVariations.variationIndex),
		)
	return rows.map((row) => ({
		id: row.id,
		projectId: row.projectId,
		propertyAddress: row.propertyAddress,
		label: `${roomLabel(row)}, ${styleLabel(row.style)}`,
		thumbnailUrl: `/files/variations/${row.id}/thumbnail`,
	}))
}
export type StagedFavourite = Awaited<ReturnType<typeof listStagedFavourites>>[number]

/**
 * One staged favourite the actor may put in a brochure. Someone else's, an unknown id, a
 * favourite not (or no longer) kept, or one of a project not yet paid for: all the same refusal,
 * on the form's field, so a stranger's id tells nothing of what it names.
 */
export async function stagedFavourite(actor: Actor, variationId: string) {
	requireUser(actor)
	try {
		const { variation, room, project } = await ownedVariation(db, actor, variationId, { need: 'read' })
		const bought =
			project.status === 'completed' &&
			variation.isFavorite &&
			variation.status === 'completed' &&
			variation.imageUrl !== null
		if (!bought) throw new NotFoundError()
		return {
			original: room.originalImageUrl,
			staged: variation.imageUrl!,
			// the studio photo's size, which its staged image is rendered back to (null if stored before sizes were)
			width: room.imageWidth,
			height: room.imageHeight,
			roomType: room.roomType,
			style: variation.style,
			propertyAddress: project.propertyAddress,
			renderId: variation.renderId,
			providerImageId: variation.variationId,
			roomCheck: variation.roomCheck,
			roomCheckNote: variation.roomCheckNote,
		}
	} catch (error) {
		if (error instanceof NotFoundError || error instanceof ForbiddenError)
			throw new InputError({ favoriteId: [NOT_YOUR_FAVOURITE] })
		throw error
	}
}
export type ChosenFavourite = Awaited<ReturnType<typeof stagedFavourite>>

/** A stored image copied under the brochure room's own key: the studio's file is never shared or moved. */
export async function copyStored(from: string, to: string) {
	const object = await storage().get(from)
	if (!object) throw new InputError({ favoriteId: [NOT_YOUR_FAVOURITE] })
	await storage().put(to, object.body, { contentType: 'image/jpeg' })
	return to
}
