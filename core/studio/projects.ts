import { desc, eq } from 'drizzle-orm'
import { propertyStudioProjects } from '#db/schema/studio.ts'
import { requireUser, userActor, withScopeOf, type Actor } from '#core/accounts/actor.ts'
import { findUserById } from '#core/accounts/users.ts'
import { NotFoundError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { parseInput } from '#core/validate.ts'
import { ownedProject } from './access.ts'
import { CreateProjectSchema } from './studio.schema.ts'
import { projectView } from './views.ts'

export async function listProjects(actor: Actor) {
	const { userId } = requireUser(actor, 'read')
	const rows = await db
		.select()
		.from(propertyStudioProjects)
		.where(eq(propertyStudioProjects.userId, userId))
		.orderBy(desc(propertyStudioProjects.createdAt))
	return rows.map(projectView)
}

export async function createProject(actor: Actor, input: unknown) {
	const { userId } = requireUser(actor)
	const values = parseInput(CreateProjectSchema, input)
	const [row] = await db
		.insert(propertyStudioProjects)
		.values({ userId, ...values })
		.returning()
	return projectView(row)
}

export async function getProject(actor: Actor, projectId: string) {
	return projectView(await ownedProject(db, actor, projectId, { need: 'read' }))
}

/**
 * The project's owner as an actor, for whoever may open the project: the operator (the CLI
 * without --as) works on it as its agent, so views, names and limits are exactly theirs.
 */
export async function projectOwnerActor(actor: Actor, projectId: string): Promise<Actor> {
	const project = await ownedProject(db, actor, projectId, { need: 'read' })
	// The project goes with its owner (on delete cascade): no owner now means no project.
	const owner = await findUserById(project.userId)
	if (!owner) throw new NotFoundError('Project not found')
	// An access token's scope goes with it: working as the owner never widens what the token may do.
	return withScopeOf(actor, userActor(owner, config().ceoEmail))
}
