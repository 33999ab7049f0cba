import { desc, eq } from 'drizzle-orm'
import { propertyStudioProjects } from '#db/schema/studio.ts'
import { requireUser, userActor, withScopeOf, type Actor } from '#core/accounts/actor.ts'
import { findUserById } from '#core/accounts/users.ts'
import { NotFoundError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { propertyImportKeys } from '#db/schema/imports.ts'
import { parseInput } from '#core/validate.ts'
import { ownedProject } from './access.ts'
import { isImportKeyClash, recordedImportKey } from './import-keys.ts'
import { CreateProjectRequestSchema } from './studio.schema.ts'
import { projectView, type ProjectView } from './views.ts'

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
	return (await createProjectOnce(actor, input)).project
}

async function projectOfKey(tx: Tx, userId: string, importKey: string) {
	const recorded = await recordedImportKey(tx, userId, importKey)
	if (!recorded) return null
	const [row] = await tx.select().from(propertyStudioProjects).where(eq(propertyStudioProjects.id, recorded.projectId))
	return row ?? null
}

/**
 * createProject, telling whether the project was made now. With an `importKey` it is idempotent:
 * a key the account used before answers the project it made; a new one is recorded in the
 * transaction that makes the project, and of two concurrent requests with the same key the second
 * answers the first one's project.
 */
export async function createProjectOnce(
	actor: Actor,
	input: unknown,
): Promise<{ project: ProjectView; existing: boolean }> {
	const { userId } = requireUser(actor)
	const { importKey, ...values } = parseInput(CreateProjectRequestSchema, input)
	if (importKey) {
		const earlier = await projectOfKey(db, userId, importKey)
		if (earlier) return { project: projectView(earlier), existing: true }
	}
	try {
		const row = await db.transaction(async (tx) => {
			const [made] = await tx
				.insert(propertyStudioProjects)
				.values({ userId, ...values })
				.returning()
			if (importKey) await tx.insert(propertyImportKeys).values({ userId, importKey, projectId: made.id })
			return made
		})
		return { project: projectView(row), existing: false }
	} catch (error) {
		if (importKey && isImportKeyClash(error)) {
			const earlier = await projectOfKey(db, userId, importKey)
			if (earlier) return { project: projectView(earlier), existing: true }
		}
		throw error
	}
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
