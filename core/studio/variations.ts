import { and, asc, eq } from 'drizzle-orm'
import { propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { db } from '#core/platform/db.ts'
import { assertOpen, ownedProject, ownedVariation } from './access.ts'
import { variationView } from './views.ts'

async function projectVariations(actor: Actor, projectId: string, onlyFavorites: boolean) {
	await ownedProject(db, actor, projectId)
	const rows = await db
		.select({ variation: propertyStudioVariations, room: propertyStudioRooms })
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.where(
			and(
				eq(propertyStudioRooms.projectId, projectId),
				onlyFavorites ? eq(propertyStudioVariations.isFavorite, true) : undefined,
			),
		)
		.orderBy(
			asc(propertyStudioRooms.sortOrder),
			asc(propertyStudioVariations.style),
			asc(propertyStudioVariations.generationNumber),
			asc(propertyStudioVariations.variationIndex),
		)
	return rows.map(({ variation, room }) => variationView(variation, room))
}

/** Every variation of the project, pending ones included as placeholders for the gallery. */
export function listVariations(actor: Actor, projectId: string) {
	return projectVariations(actor, projectId, false)
}

export function listFavorites(actor: Actor, projectId: string) {
	return projectVariations(actor, projectId, true)
}

export async function setFavorite(actor: Actor, variationId: string, isFavorite: boolean) {
	const { project, room } = await ownedVariation(db, actor, variationId)
	assertOpen(project)
	const [variation] = await db
		.update(propertyStudioVariations)
		.set({ isFavorite })
		.where(eq(propertyStudioVariations.id, variationId))
		.returning()
	return variationView(variation, room)
}
