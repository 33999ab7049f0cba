import { and, eq, gt, sql } from 'drizzle-orm'
import { sessions, users } from '#db/schema/accounts.ts'
import { builtWhenFirstRun, db } from '#core/platform/db.ts'
import { isUuid } from '#core/ids.ts'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

export async function createSession(userId: string) {
	const [session] = await db
		.insert(sessions)
		.values({ userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
		.returning()
	return session
}

// Every signed-in request runs this: prepared once per connection, planned once by PostgreSQL.
const sessionUser = builtWhenFirstRun(() =>
	db
		.select({ user: users })
		.from(sessions)
		.innerJoin(users, eq(users.id, sessions.userId))
		.where(and(eq(sessions.id, sql.placeholder('sessionId')), gt(sessions.expiresAt, sql`now()`)))
		.prepare('session_user'),
)

/** The signed-in user behind a session id, or null when the session is unknown or expired. */
export async function findSessionUser(sessionId: string) {
	// A tampered or old-format cookie must read as signed out, not as a database error.
	if (!isUuid(sessionId)) return null
	const [row] = await sessionUser().execute({ sessionId })
	return row?.user ?? null
}

export async function deleteSession(sessionId: string) {
	await db.delete(sessions).where(eq(sessions.id, sessionId))
}
