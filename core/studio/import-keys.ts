import { and, eq, inArray } from 'drizzle-orm'
import { propertyImportKeys } from '#db/schema/imports.ts'
import { propertyStudioProjects } from '#db/schema/studio.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { parseInput } from '#core/validate.ts'
import { KnownImportsSchema } from './studio.schema.ts'

/**
 * Idempotency keys of the CLI over HTTPS (`rendo import`, `rendo submit`): a client names each
 * project and photo it sends with a stable key; the key is recorded in the transaction that made
 * the row, so a retry or a rerun finds the row instead of making a second one. The keys share
 * property_import_keys with the server-side import, unique per account.
 */

const KEY_CONSTRAINT = 'property_import_keys_user_key_unique'

/** The row recorded for `importKey` in the account, if any. */
export async function recordedImportKey(tx: Tx, userId: string, importKey: string) {
	const [row] = await tx
		.select()
		.from(propertyImportKeys)
		.where(and(eq(propertyImportKeys.userId, userId), eq(propertyImportKeys.importKey, importKey)))
	return row
}

/** A concurrent request recorded the same key first: the insert of ours broke the unique key (23505). */
export function isImportKeyClash(error: unknown) {
	for (let e = error; e; e = (e as { cause?: unknown }).cause) {
		const pg = e as { code?: string; constraint?: string }
		if (pg.code === '23505') return !pg.constraint || pg.constraint === KEY_CONSTRAINT
	}
	return false
}

/**
 * Which of `keys` the actor's account has already used, with the project (and room) each made and
 * the project's status: a client resuming an import skips those. Another account's keys are not
 * seen. Reading is enough.
 */
export async function knownImports(actor: Actor, input: unknown) {
	const { userId } = requireUser(actor, 'read')
	const { keys } = parseInput(KnownImportsSchema, input)
	const imported = await db
		.select({
			key: propertyImportKeys.importKey,
			projectId: propertyImportKeys.projectId,
			roomId: propertyImportKeys.roomId,
			projectStatus: propertyStudioProjects.status,
		})
		.from(propertyImportKeys)
		.innerJoin(propertyStudioProjects, eq(propertyStudioProjects.id, propertyImportKeys.projectId))
		.where(and(eq(propertyImportKeys.userId, userId), inArray(propertyImportKeys.importKey, [...new Set(keys)])))
		.orderBy(propertyImportKeys.importKey)
	return {
		imported: imported.map((row) => ({
			...row,
			projectStatus: row.projectStatus as 'active' | 'completed' | 'archived',
		})),
	}
}
