import { eq, sql } from 'drizzle-orm'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { db } from '#core/platform/db.ts'
import { propertyStudioProjects as projects } from '#db/schema/studio.ts'

export type DashboardSummary = {
	totalProperties: number
	thisMonth: number
	completed: number
	inProgress: number
}

/** The home dashboard's performance strip: counts over the signed-in agent's own studio projects. */
export async function dashboardSummary(actor: Actor): Promise<DashboardSummary> {
	const { userId } = requireUser(actor, 'read')
	// The month starts at midnight UTC on the 1st: one boundary for every server, whatever its
	// time zone, and at most an hour off UK local time.
	const monthStart = sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`
	const [row] = await db
		.select({
			totalProperties: sql`count(*)`.mapWith(Number),
			thisMonth: sql`count(*) filter (where ${projects.createdAt} >= ${monthStart})`.mapWith(Number),
			completed: sql`count(*) filter (where ${projects.status} = 'completed')`.mapWith(Number),
			inProgress: sql`count(*) filter (where ${projects.status} = 'active')`.mapWith(Number),
		})
		.from(projects)
		.where(eq(projects.userId, userId))
	return row
}
