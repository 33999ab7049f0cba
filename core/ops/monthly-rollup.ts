import { and, eq, sql } from 'drizzle-orm'
import { agentPerformanceMetrics, apiUsageTracking, businessMetrics } from '#db/schema/billing.ts'
import { PROPERTY_PRICE_PENCE } from '#core/billing/pricing.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { OTHER_COSTS_PER_PROPERTY_PENCE, tierFor } from './economics.ts'
import * as figures from './figures.ts'
import { monthRange, percent } from './periods.ts'

export const ROLLUP_TASK = 'rollup_monthly_metrics'

/** The month before the one `at` falls in: the cron job rolls up the month that just ended. */
export function previousMonth(at: Date) {
	const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1))
	return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 }
}

/**
 * Writes one month's history: business_metrics (one row), api_usage_tracking (one row per agent
 * profile with activity) and agent_performance_metrics (one 'monthly' row per customer with
 * activity). Upserts and replace-in-a-transaction make a re-run give the same rows, so the
 * job can be retried; it runs once a month, after the month ended, so later clean-ups of
 * variations do not change what was recorded.
 */
export async function rollUpMonth(year: number, month: number) {
	const { start, end } = monthRange(year, month)
	const range = { from: start, to: end }
	const quota = config().renderMonthlyQuota
	const tier = tierFor(quota)

	await db.transaction(async (tx) => {
		// One after another: a transaction is one connection, which runs one query at a time anyway
		// (pg queues the rest, and pg 9 will refuse a query sent while another runs).
		const activeAgents = await figures.activeCustomers(range, tx)
		const completionRevenue = await figures.completionRevenue(range, tx)
		const subscriptions = await figures.activeSubscriptionRevenue(start, tx)
		const renders = await figures.renderCallStats(range, tx)
		const completed = await figures.projectsCompleted(range, tx)
		const totalMRR = completionRevenue + subscriptions
		const totalCosts = tier.monthlyGbpCost + completed * OTHER_COSTS_PER_PROPERTY_PENCE
		const values = {
			totalActiveAgents: activeAgents,
			totalMRR,
			totalImagesProcessed: renders.ok,
			totalCosts,
			grossProfit: totalMRR - totalCosts,
			apiTierUsed: String(quota),
			apiUtilizationPercent: percent(renders.ok, quota),
		}
		await tx
			.insert(businessMetrics)
			.values({ year, month, ...values })
			.onConflictDoUpdate({
				target: [businessMetrics.year, businessMetrics.month],
				set: { ...values, updatedAt: new Date() },
			})

		// Per customer: completed variations of their projects made this month, properties completed
		// this month with their revenue and mean time from creation to completion.
		const { rows } = await tx.execute<{
			user_id: string
			agent_id: string | null
			images: string
			properties: string
			revenue: string
			avg_minutes: string | null
		}>(sql`
			with images as (
				select p.user_id, count(*) as n from property_studio_variations v
				join property_studio_rooms r on r.id = v.room_id
				join property_studio_projects p on p.id = r.project_id
				where v.status = 'completed' and v.created_at >= ${start} and v.created_at < ${end}
				group by p.user_id
			), completions as (
				select p.user_id, count(*) as n,
					sum(coalesce(l.total_amount, ${PROPERTY_PRICE_PENCE})) as revenue,
					avg(extract(epoch from p.completed_at - p.created_at) / 60) as avg_minutes
				from property_studio_projects p left join agent_invoice_line_items l on l.project_id = p.id
				where p.status = 'completed' and p.completed_at >= ${start} and p.completed_at < ${end}
				group by p.user_id
			)
			select u.id as user_id, (select a.id from agents a where a.user_id = u.id order by a.created_at limit 1) as agent_id,
				coalesce(i.n, 0) as images, coalesce(c.n, 0) as properties, coalesce(c.revenue, 0) as revenue, c.avg_minutes
			from users u
			left join images i on i.user_id = u.id
			left join completions c on c.user_id = u.id
			where i.user_id is not null or c.user_id is not null`)

		await tx
			.delete(agentPerformanceMetrics)
			.where(and(eq(agentPerformanceMetrics.metricPeriod, 'monthly'), eq(agentPerformanceMetrics.periodStart, start)))
		for (const r of rows) {
			const images = Number(r.images)
			const properties = Number(r.properties)
			await tx.insert(agentPerformanceMetrics).values({
				userId: r.user_id,
				agentId: r.agent_id,
				metricPeriod: 'monthly',
				periodStart: start,
				periodEnd: end,
				totalPropertiesProcessed: properties,
				totalRevenue: Number(r.revenue),
				...(properties > 0 && { averageImagesPerProperty: Math.round(images / properties) }),
				totalApiCreditsUsed: images,
				averageCompletionTime: r.avg_minutes === null ? null : Math.round(Number(r.avg_minutes) * 10) / 10,
			})
			// api_usage_tracking is keyed by agent profile: customers without one are counted above only
			if (r.agent_id) {
				const usage = {
					imagesProcessed: images,
					propertiesProcessed: properties,
					costIncurred: images * tier.costPerImagePence,
				}
				await tx
					.insert(apiUsageTracking)
					.values({ agentId: r.agent_id, year, month, ...usage })
					.onConflictDoUpdate({
						target: [apiUsageTracking.agentId, apiUsageTracking.year, apiUsageTracking.month],
						set: { ...usage, updatedAt: new Date() },
					})
			}
		}
	})
}
