import { expect, test } from 'vitest'
import { anonymousActor } from '#core/accounts/actor.ts'
import { db } from '#core/platform/db.ts'
import { UnauthenticatedError } from '#core/errors.ts'
import { propertyStudioProjects } from '#db/schema/studio.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { dashboardSummary } from './dashboard-summary.ts'

type Status = 'active' | 'completed' | 'archived'

async function insertProject(userId: string, status: Status, createdAt?: Date) {
	await db.insert(propertyStudioProjects).values({ userId, status, propertyAddress: '1 High Street', createdAt })
}

function lastMonth() {
	const now = new Date()
	// One day before midnight UTC on the 1st: the same boundary the query uses.
	return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 24 * 60 * 60 * 1000)
}

test('counts all, this month, completed and in-progress projects of the signed-in agent only', async () => {
	const agent = await insertUser()
	const other = await insertUser()
	await insertProject(agent.id, 'active')
	await insertProject(agent.id, 'active')
	await insertProject(agent.id, 'completed')
	await insertProject(agent.id, 'archived')
	await insertProject(agent.id, 'completed', lastMonth())
	await insertProject(other.id, 'active')
	await insertProject(other.id, 'completed')

	expect(await dashboardSummary(actorFor(agent))).toEqual({
		totalProperties: 5,
		thisMonth: 4,
		completed: 2,
		inProgress: 2,
	})
})

test('an agent without projects sees zeros', async () => {
	const agent = await insertUser()
	expect(await dashboardSummary(actorFor(agent))).toEqual({
		totalProperties: 0,
		thisMonth: 0,
		completed: 0,
		inProgress: 0,
	})
})

test('nobody signed in gets no summary', async () => {
	await expect(dashboardSummary(anonymousActor)).rejects.toBeInstanceOf(UnauthenticatedError)
})
