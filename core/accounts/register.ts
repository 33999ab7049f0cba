import { count, eq, sql } from 'drizzle-orm'
import { users } from '#db/schema/accounts.ts'
import { recordTrialConversion } from '#core/leads/trial-conversion.ts'
import { InputError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import type { AgentRegisterInput, RegisterInput } from './auth.schema.ts'
import { hashPassword } from './passwords.ts'
import { PIONEER_SPOTS } from './pioneer-program.ts'
import { insertUser } from './users.ts'

export const EMAIL_RESERVED = 'This email address is reserved'

/** The CEO's address is the command line's to give (create-admin), never a public form's. */
function refuseReservedEmail(email: string) {
	if (email.toLowerCase() === config().ceoEmail) throw new InputError({ email: [EMAIL_RESERVED] }, EMAIL_RESERVED)
}

export async function registerUser(input: RegisterInput) {
	refuseReservedEmail(input.email)
	const password = await hashPassword(input.password)
	return db.transaction(async (tx) => {
		const user = await insertUser(tx, {
			username: input.username,
			email: input.email,
			firstName: input.firstName,
			lastName: input.lastName,
			password,
		})
		await recordTrialConversion(tx, user.email)
		return user
	})
}

/**
 * Agent registration: the first five agents become Pioneer Agents #1-#5. Registrations take a
 * transaction-scoped advisory lock so that counting pioneers and taking the next position is one
 * step, however many arrive at once; the partial unique index on the position is the backstop.
 */
export async function registerAgent(input: AgentRegisterInput) {
	refuseReservedEmail(input.email)
	const password = await hashPassword(input.password)
	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rendo:pioneer-program'))`)
		const [{ pioneers }] = await tx.select({ pioneers: count() }).from(users).where(eq(users.isPioneerAgent, true))
		const isPioneerAgent = pioneers < PIONEER_SPOTS
		const user = await insertUser(tx, {
			// Agents register with an e-mail only; it doubles as their username (login accepts either).
			username: input.email,
			email: input.email,
			firstName: input.firstName,
			lastName: input.lastName,
			password,
			role: 'agent',
			isPioneerAgent,
			pioneerPosition: isPioneerAgent ? pioneers + 1 : null,
		})
		await recordTrialConversion(tx, user.email)
		return user
	})
}

export async function pioneerStatus() {
	const [{ pioneers }] = await db.select({ pioneers: count() }).from(users).where(eq(users.isPioneerAgent, true))
	const pioneerSpotsRemaining = Math.max(0, PIONEER_SPOTS - pioneers)
	return { isPioneerProgramActive: pioneerSpotsRemaining > 0, pioneerSpotsRemaining }
}
