import { randomBytes } from 'node:crypto'
import { assertCan, type Actor } from './actor.ts'
import type { CreateAdminInput } from './auth.schema.ts'
import { hashPassword } from './passwords.ts'
import { insertUser } from './users.ts'
import { db } from '#core/platform/db.ts'

/** Creates a staff account. Without a password one is generated and returned once: no default exists. */
export async function createAdmin(actor: Actor, input: CreateAdminInput) {
	assertCan(actor, 'manage:users')
	const password = input.password ?? randomBytes(12).toString('base64url')
	const user = await insertUser(db, {
		email: input.email,
		username: input.username ?? input.email,
		password: await hashPassword(password),
		role: 'admin',
	})
	return { user, generatedPassword: input.password ? undefined : password }
}
