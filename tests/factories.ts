import { randomUUID } from 'node:crypto'
import { users } from '#db/schema/accounts.ts'
import { userActor } from '#core/accounts/actor.ts'
import { hashPassword } from '#core/accounts/passwords.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'

export const PASSWORD = 'correct-horse'

export function buildRegistration(overrides: Partial<Record<string, string>> = {}) {
	const id = randomUUID().slice(0, 8)
	return {
		firstName: 'Ada',
		lastName: 'Lovelace',
		username: `ada_${id}`,
		email: `ada.${id}@example.com`,
		password: PASSWORD,
		confirmPassword: PASSWORD,
		...overrides,
	}
}

let hashed: Promise<string> | undefined

/** Inserts a user directly (hash computed once per file: argon2 is deliberately slow). */
export async function insertUser(overrides: Partial<typeof users.$inferInsert> = {}) {
	const { username, email, firstName } = buildRegistration()
	const [user] = await db
		.insert(users)
		.values({ username, email, firstName, password: await (hashed ??= hashPassword(PASSWORD)), ...overrides })
		.returning()
	return user
}

export function actorFor(user: { id: string; role: string; email: string }) {
	return userActor(user, config().ceoEmail)
}
