import { desc } from 'drizzle-orm'
import { transformations } from '#db/schema/transformations.ts'
import { assertCan, type Actor } from '#core/accounts/actor.ts'
import { db } from '#core/platform/db.ts'
import { transformationViews } from '#core/transformations/transformations.ts'

/** The admin dashboard shows the newest ones; its search runs over these. */
const ADMIN_LIST_LIMIT = 1000

/**
 * Every user's transformations, newest first, for the administrator dashboard (spec 01 §2):
 * id, userId, style, status, timestamps, before/after images and areas.
 */
export async function listAllTransformations(actor: Actor) {
	assertCan(actor, 'view:admin-dashboard')
	const rows = await db.select().from(transformations).orderBy(desc(transformations.createdAt)).limit(ADMIN_LIST_LIMIT)
	return transformationViews(rows)
}
