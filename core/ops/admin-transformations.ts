import { desc, inArray } from 'drizzle-orm'
import { transformationRenders, transformations } from '#db/schema/transformations.ts'
import { assertCan, type Actor } from '#core/accounts/actor.ts'
import { db } from '#core/platform/db.ts'
import { transformationView } from '#core/transformations/views.ts'

/** The admin dashboard shows the newest ones; its search runs over these. */
const ADMIN_LIST_LIMIT = 1000

/**
 * Every user's transformations, newest first, for the administrator dashboard (spec 01 §2):
 * id, userId, style, status, timestamps, before/after images and areas.
 */
export async function listAllTransformations(actor: Actor) {
	assertCan(actor, 'view:admin-dashboard')
	const rows = await db.select().from(transformations).orderBy(desc(transformations.createdAt)).limit(ADMIN_LIST_LIMIT)
	const renders = rows.length
		? await db.select().from(transformationRenders).where(inArray(transformationRenders.transformationId, rows.map((r) => r.id)))
		: []
	return rows.map((t) => transformationView(t, renders.filter((r) => r.transformationId === t.id)))
}
