import { and, asc, eq, sql } from 'drizzle-orm'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { db } from '#core/platform/db.ts'
import { assertOpen, ownedProject, ownedVariation } from './access.ts'
import { variationView } from './views.ts'
import { isUuid } from '#core/ids.ts'

/**
 * The gallery polls this every few seconds per open page, so it is one prepared query that also
 * checks ownership (the project's owner is a parameter). Only when it finds nothing does a second
 * query tell "yours but empty" from "not yours" (403) and "no such project" (404).
 */
function variationsQuery(onlyFavorites: boolean) {
	return db
		.select({ variation: propertyStudioVariations, room: { roomName: propertyStudioRooms.roomName, roomType: propertyStudioRooms.roomType } })
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.innerJoin(propertyStudioProjects, eq(propertyStudioProjects.id, propertyStudioRooms.projectId))
		.where(
			and(
				eq(propertyStudioProjects.id, sql.placeholder('projectId')),
				eq(propertyStudioProjects.userId, sql.placeholder('userId')),
				onlyFavorites ? eq(propertyStudioVariations.isFavorite, true) : undefined,
			),
		)
		.orderBy(
			asc(propertyStudioRooms.sortOrder),
			asc(propertyStudioVariations.style),
			asc(propertyStudioVariations.generationNumber),
			asc(propertyStudioVariations.variationIndex),
		)
		.prepare(onlyFavorites ? 'project_favorites' : 'project_variations')
}
const allVariations = variationsQuery(false)
const favoriteVariations = variationsQuery(true)

async function projectVariations(actor: Actor, projectId: string, onlyFavorites: boolean) {
	const { userId } = requireUser(actor)
	const rows = isUuid(projectId)
		? await (onlyFavorites ? favoriteVariations : allVariations).execute({ projectId, userId })
		: []
	if (!rows.length) await ownedProject(db, actor, projectId)
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
