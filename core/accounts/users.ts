import { eq, or, sql } from 'drizzle-orm'
import { users, type NewUser } from '#db/schema/accounts.ts'
import { InputError } from '#core/errors.ts'
import type { Tx } from '#core/platform/db.ts'
import { db } from '#core/platform/db.ts'

/** Finds an account by username or e-mail, case-insensitively. */
export async function findUserByLogin(login: string) {
	const value = login.trim().toLowerCase()
	const [user] = await db
		.select()
		.from(users)
		.where(or(eq(sql`lower(${users.username})`, value), eq(sql`lower(${users.email})`, value)))
		// An e-mail names its own account first: a username spelled like someone's e-mail never shadows them.
		.orderBy(sql`lower(${users.email}) = ${value} desc`)
		.limit(1)
	return user ?? null
}

export async function findUserById(id: string) {
	const [user] = await db.select().from(users).where(eq(users.id, id))
	return user ?? null
}

function uniqueViolation(error: unknown): string | null {
	for (let e = error; e; e = (e as { cause?: unknown }).cause) {
		const pg = e as { code?: string; constraint?: string }
		if (pg.code === '23505') return pg.constraint ?? ''
	}
	return null
}

/** Inserts a user; a taken username or e-mail becomes a field error, whichever process won the race. */
export async function insertUser(tx: Tx, values: NewUser) {
	try {
		const [user] = await tx.insert(users).values(values).returning()
		return user
	} catch (error) {
		const constraint = uniqueViolation(error)
		if (constraint === null) throw error
		// Agents and admins get their e-mail as username: for them a taken username is a taken e-mail.
		if (constraint.includes('username') && values.username !== values.email)
			throw new InputError({ username: ['This username is already taken'] })
		if (constraint.includes('username') || constraint.includes('email'))
			throw new InputError({ email: ['An account with this email already exists'] })
		throw error
	}
}

/** The fields any door may show of a user: never the password hash. */
export function publicUser(user: typeof users.$inferSelect) {
	return {
		id: user.id,
		username: user.username,
		email: user.email,
		firstName: user.firstName,
		lastName: user.lastName,
		role: user.role,
		isPioneerAgent: user.isPioneerAgent,
		pioneerPosition: user.pioneerPosition,
		createdAt: user.createdAt,
	}
}
export type PublicUser = ReturnType<typeof publicUser>
