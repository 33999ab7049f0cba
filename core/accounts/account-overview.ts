import { eq } from 'drizzle-orm'
import { agents, brandAssets } from '#db/schema/accounts.ts'
import { NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { requireUser, type Actor } from './actor.ts'
import { findUserById } from './users.ts'

/** The brand a signed-in user's brochures carry, in a line: null until they onboard. */
export async function brandSummary(actor: Actor) {
	const { userId } = requireUser(actor, 'read')
	const [brand] = await db
		.select({
			agentId: agents.id,
			companyName: agents.companyName,
			agentName: agents.agentName,
			email: agents.email,
			templateStyle: brandAssets.templateStyle,
		})
		.from(agents)
		.leftJoin(brandAssets, eq(brandAssets.agentId, agents.id))
		.where(eq(agents.userId, userId))
	return brand ?? null
}

/** The account page (/account): who the user is and the brand their brochures carry. */
export async function accountOverview(actor: Actor) {
	const { userId } = requireUser(actor, 'read')
	const [user, brand] = await Promise.all([findUserById(userId), brandSummary(actor)])
	if (!user) throw new NotFoundError('Account not found')
	return {
		name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
		username: user.username,
		email: user.email,
		brand,
	}
}
