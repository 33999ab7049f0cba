import { eq } from 'drizzle-orm'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { requireUser, type Actor, type TokenScope } from '#core/accounts/actor.ts'
import { ForbiddenError, NotFoundError } from '#core/errors.ts'
import type { Tx } from '#core/platform/db.ts'
import { isUuid } from '#core/ids.ts'

export const UNAUTHORIZED_PROJECT = 'Unauthorized access to project'

/**
 * `need` is what the caller does with the row: writing unless it says it only reads, so a
 * read-only access token cannot change a project through a service that forgot to say.
 */
type Access = { forUpdate?: boolean; need?: TokenScope }

function assertOwner(actor: Actor, project: { userId: string }, need: TokenScope = 'write') {
	if (actor.kind === 'system') return
	if (requireUser(actor, need).userId !== project.userId) throw new ForbiddenError(UNAUTHORIZED_PROJECT)
}

/** The project if the actor owns it: unknown ids are 404, other people's projects 403 (spec 02 §6). */
export async function ownedProject(tx: Tx, actor: Actor, projectId: string, opts: Access = {}) {
	if (!isUuid(projectId)) throw new NotFoundError('Project not found')
	const query = tx.select().from(propertyStudioProjects).where(eq(propertyStudioProjects.id, projectId))
	const [project] = opts.forUpdate ? await query.for('update') : await query
	if (!project) throw new NotFoundError('Project not found')
	assertOwner(actor, project, opts.need)
	return project
}

/** A room and its project, owned by the actor. */
export async function ownedRoom(tx: Tx, actor: Actor, roomId: string, opts: Access = {}) {
	if (!isUuid(roomId)) throw new NotFoundError('Room not found')
	const query = tx
		.select({ room: propertyStudioRooms, project: propertyStudioProjects })
		.from(propertyStudioRooms)
		.innerJoin(propertyStudioProjects, eq(propertyStudioProjects.id, propertyStudioRooms.projectId))
		.where(eq(propertyStudioRooms.id, roomId))
	const [row] = opts.forUpdate ? await query.for('update', { of: propertyStudioRooms }) : await query
	if (!row) throw new NotFoundError('Room not found')
	assertOwner(actor, row.project, opts.need)
	return row
}

/** A variation with its room and project, owned by the actor. */
export async function ownedVariation(tx: Tx, actor: Actor, variationId: string, opts: Access = {}) {
	if (!isUuid(variationId)) throw new NotFoundError('Variation not found')
	const [row] = await tx
		.select({ variation: propertyStudioVariations, room: propertyStudioRooms, project: propertyStudioProjects })
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.innerJoin(propertyStudioProjects, eq(propertyStudioProjects.id, propertyStudioRooms.projectId))
		.where(eq(propertyStudioVariations.id, variationId))
	if (!row) throw new NotFoundError('Variation not found')
	assertOwner(actor, row.project, opts.need)
	return row
}

/** Only active projects take new rooms, renders or favourites: a completed one is closed. */
export function assertOpen(project: { status: string }) {
	if (project.status !== 'active') throw new ForbiddenError('This project is complete and closed for changes')
}
