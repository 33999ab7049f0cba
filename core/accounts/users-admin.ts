import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import { users } from '#db/schema/accounts.ts'
import { InputError, NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { parseInput } from '#core/validate.ts'
import { assertCan, type Actor } from './actor.ts'
import { SetRoleSchema, UserListSchema } from './user-role.schema.ts'
import { publicUser } from './users.ts'

export const LAST_ADMIN = 'At least one admin must remain'

/** Every account, oldest first, optionally of one role: staff only. */
export async function listUsers(actor: Actor, input: unknown = {}) {
	assertCan(actor, 'manage:users')
	const { role } = parseInput(UserListSchema, input)
	const rows = await db
		.select()
		.from(users)
		.where(role ? eq(users.role, role) : undefined)
		.orderBy(asc(users.createdAt), asc(users.email))
	return rows.map(publicUser)
}

/**
 * Changes an account's role: staff only. Demoting the last admin is refused, so the product
 * never locks its staff out; the advisory lock makes two demotions at once count each other.
 */
export async function setUserRole(actor: Actor, input: unknown) {
	assertCan(actor, 'manage:users')
	const { email, role } = parseInput(SetRoleSchema, input)
	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rendo:admin-roles'))`)
		const [user] = await tx
			.select()
			.from(users)
			.where(eq(sql`lower(${users.email})`, email))
			.for('update')
		if (!user) throw new NotFoundError(`No account with the e-mail ${email}`)
		if (user.role === 'admin' && role !== 'admin') {
			const [{ others }] = await tx
				.select({ others: count() })
				.from(users)
				.where(and(eq(users.role, 'admin'), ne(users.id, user.id)))
			if (others === 0) throw new InputError({ role: [LAST_ADMIN] })
		}
		const [updated] = await tx.update(users).set({ role }).where(eq(users.id, user.id)).returning()
		return publicUser(updated)
	})
}
