import { and, eq } from 'drizzle-orm'
import { businessMetrics } from '#db/schema/billing.ts'
import { assertCan, type Actor } from '#core/accounts/actor.ts'
import { PROPERTY_PRICE_PENCE } from '#core/billing/pricing.ts'
import { db } from '#core/platform/db.ts'
import { type AlertType, currentCapacity } from './capacity.ts'
import { stagingProviderHealth } from './staging-provider-health.ts'
import {
	MILESTONES,
	OTHER_COSTS_PER_PROPERTY_PENCE,
	PROPERTIES_PER_AGENT_PER_MONTH,
	TOTAL_BUILD_COST_PENCE,
	tierFor,
	type MilestoneKey,
} from './economics.ts'
import * as figures from './figures.ts'
import { changePercent, percent } from './periods.ts'

const ACQUISITION_MONTHS = 6

/** Last month's revenue: the roll-up's figure once it exists (history survives clean-ups), else live. */
async function previousMonthRevenue(start: Date, end: Date) {
	const [rolled] = await db
		.select({ mrr: businessMetrics.totalMRR })
		.from(businessMetrics)
		.where(and(eq(businessMetrics.year, start.getUTCFullYear()), eq(businessMetrics.month, start.getUTCMonth() + 1)))
	if (rolled) return rolled.mrr
	const [completions, subscriptions] = await Promise.all([
		figures.completionRevenue({ from: start, to: end }),
		figures.activeSubscriptionRevenue(start),
	])
	return completions + subscriptions
}

async function acquisitionByMonth(now: Date) {
	return Promise.all(
		Array.from({ length: ACQUISITION_MONTHS }, async (_, i) => {
			const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (ACQUISITION_MONTHS - 1 - i), 1))
			const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1))
			return { month: from.toISOString().slice(0, 7), newAgents: await figures.newCustomers({ from, to }) }
		}),
	)
}

/**
 * GET /api/rendo-ops/dashboard (the CEO and admins): every figure of spec 02 §3 from real rows,
 * money in pence. 'This week' is the last 7 days against the 7 before; months are calendar
 * months in UTC; 'today' starts at UTC midnight. Rules per figure:
 * - revenue: projects completed in the period at their invoice line's amount (else £99), plus
 *   active subscriptions for monthly figures;
 * - images processed: successful rendering-provider calls (render_calls);
 * - active customers / weekly active users: customers who did anything (core/ops/figures.ts);
 * - costs: the current plan's monthly price is fixed, £0.80 per completed property variable;
 * - break-even: revenue to date against the build cost (economics.ts).
 */
export async function opsDashboard(actor: Actor, now = new Date()) {
	assertCan(actor, 'view:ops')
	const { periods: p, analysis: capacity } = await currentCapacity(now)
	const month = { from: p.monthStart, to: p.nextMonthStart }
	const week = { from: p.weekStart, to: now }
	const previousWeek = { from: p.previousWeekStart, to: p.weekStart }

	const [
		weeklyActive,
		previousWeeklyActive,
		imagesToday,
		monthRenders,
		last24h,
		completionRevenue,
		subscriptionRevenue,
		completedThisMonth,
		payingCustomers,
		uploadedThisWeek,
		heartedThisWeek,
		downloadsThisWeek,
		allTime,
		agentUsage,
		newAgentsThisMonth,
		lastMonthRevenue,
		acquisition,
		foundingMembers,
		criticalTickets,
		staging,
	] = await Promise.all([
		figures.activeCustomers(week),
		figures.activeCustomers(previousWeek),
		figures.renderCallStats({ from: p.dayStart, to: now }).then((s) => s.ok),
		figures.renderCallStats(month),
		figures.renderCallStats({ from: p.last24h, to: now }),
		figures.completionRevenue(month),
		figures.activeSubscriptionRevenue(now),
		figures.projectsCompleted(month),
		figures.payingCustomers(month),
		figures.imagesUploaded(week),
		figures.imagesHearted(week),
		figures.finalDownloads(week),
		figures.allTimeCompletions(),
		figures.customerUsage(),
		figures.newCustomers(month),
		previousMonthRevenue(p.previousMonthStart, p.monthStart),
		acquisitionByMonth(now),
		figures.foundingMemberPipeline(),
		figures.openCriticalTickets(),
		stagingProviderHealth(month),
	])

	const monthlyRevenue = completionRevenue + subscriptionRevenue
	const fixedCosts = tierFor(capacity.currentLimit).monthlyGbpCost
	const variableCosts = completedThisMonth * OTHER_COSTS_PER_PROPERTY_PENCE
	const grossProfit = monthlyRevenue - fixedCosts - variableCosts
	const apiSuccessRate = last24h.total ? percent(last24h.ok, last24h.total) : 100
	const weeklyActiveUsersChange = changePercent(weeklyActive, previousWeeklyActive)
	const revenueStillNeeded = Math.max(0, TOTAL_BUILD_COST_PENCE - allTime.revenue)

	const milestones = Object.fromEntries(
		(Object.keys(MILESTONES) as MilestoneKey[]).map((key) => {
			const m = MILESTONES[key]
			return [
				key,
				{
					label: m.label,
					target: m.targetPence,
					propertiesPerMonth: m.propertiesPerMonth,
					agents: Math.ceil(m.propertiesPerMonth / PROPERTIES_PER_AGENT_PER_MONTH),
					progress: Math.min(100, percent(monthlyRevenue, m.targetPence)),
				},
			]
		}),
	) as Record<
		MilestoneKey,
		{ label: string; target: number; propertiesPerMonth: number; agents: number; progress: number }
	>

	const days = capacity.daysUntilCapacityExhausted
	const nextUpgradeThreshold = {
		days,
		recommendation:
			capacity.recommendedTier.limit > capacity.currentLimit
				? `Move to ${capacity.recommendedTier.name}${days !== null ? ` within ${days} days` : ''}`
				: days === null
					? 'No renders yet this month; the current plan is enough'
					: `The current plan lasts the month at this rate`,
	}

	const alerts: Array<{ type: AlertType; message: string; action: string }> = []
	if (capacity.utilizationPercent > 80)
		alerts.push({
			type: 'critical',
			message: `API quota ${capacity.utilizationPercent}% used this month`,
			action: `Upgrade to ${capacity.recommendedTier.name} now`,
		})
	else if (capacity.utilizationPercent > 50)
		alerts.push({
			type: 'warning',
			message: `API quota ${capacity.utilizationPercent}% used this month`,
			action: 'Plan the next API tier upgrade',
		})
	if (last24h.total && apiSuccessRate < 90)
		alerts.push({
			type: 'error',
			message: `Rendering success rate is ${apiSuccessRate}% (${last24h.failed} failed in 24h)`,
			action: "Check the rendering provider's status and the job errors",
		})
	else if (last24h.total && apiSuccessRate < 95)
		alerts.push({
			type: 'warning',
			message: `Rendering success rate is ${apiSuccessRate}%`,
			action: 'Watch the failed renders',
		})
	if (!staging.reachable)
		alerts.push({
			type: 'error',
			message: `${staging.label} is not answering: ${staging.message ?? 'no reason given'}`,
			action: "Check the provider's status page and the API key",
		})
	if (criticalTickets > 0)
		alerts.push({
			type: 'error',
			message: `${criticalTickets} critical support ticket${criticalTickets === 1 ? '' : 's'} open`,
			action: 'Review them on the DevOps dashboard',
		})
	if (weeklyActiveUsersChange <= -20)
		alerts.push({
			type: 'warning',
			message: `Weekly active users down ${Math.abs(weeklyActiveUsersChange)}%`,
			action: 'Reach out to agents who went quiet',
		})
	if (allTime.revenue >= TOTAL_BUILD_COST_PENCE)
		alerts.push({
			type: 'success',
			message: 'Break-even reached: the build cost is earned back',
			action: 'Plan the next growth phase',
		})
	if (completedThisMonth === 0)
		alerts.push({
			type: 'info',
			message: 'No properties completed yet this month',
			action: 'Follow up with agents who have active projects',
		})

	return {
		generatedAt: now.toISOString(),
		alerts,
		healthCheck: {
			activeCustomers: weeklyActive,
			imagesProcessedToday: imagesToday,
			monthlyRevenue,
			apiQuotaUsed: capacity.utilizationPercent,
		},
		customerActivity: {
			weeklyActiveUsers: weeklyActive,
			weeklyActiveUsersChange,
			imagesUploadedThisWeek: uploadedThisWeek,
			imagesHeartedThisWeek: heartedThisWeek,
			finalDownloadsThisWeek: downloadsThisWeek,
		},
		moneyMetrics: {
			revenue: allTime.revenue,
			profit: allTime.revenue - TOTAL_BUILD_COST_PENCE,
			breakEvenAnalysis: {
				totalBuildCost: TOTAL_BUILD_COST_PENCE,
				propertiesCompleted: allTime.properties,
				breakEvenProperties: Math.ceil(TOTAL_BUILD_COST_PENCE / PROPERTY_PRICE_PENCE),
				currentProgress: Math.min(100, percent(allTime.revenue, TOTAL_BUILD_COST_PENCE)),
				revenueStillNeeded,
				propertiesStillNeeded: Math.ceil(revenueStillNeeded / PROPERTY_PRICE_PENCE),
			},
		},
		staging,
		systemHealth: {
			apiSuccessRate,
			avgApiResponseTime: last24h.avgMs,
			failedRequestsLast24h: last24h.failed,
			daysUntilApiQuotaReset: p.daysUntilMonthEnd,
		},
		financialMetrics: {
			monthlyRevenue,
			monthlyCosts: { fixed: fixedCosts, variable: variableCosts },
			grossProfit,
			costPerImage: monthRenders.ok
				? Math.round((fixedCosts + variableCosts) / monthRenders.ok)
				: tierFor(capacity.currentLimit).costPerImagePence,
			revenuePerAgent: payingCustomers ? Math.round(monthlyRevenue / payingCustomers) : 0,
			imagesProcessedThisMonth: monthRenders.ok,
			propertiesCompletedThisMonth: completedThisMonth,
		},
		summary: {
			grossMargin: monthlyRevenue ? percent(grossProfit, monthlyRevenue) : 0,
			nextUpgradeThreshold,
		},
		milestones,
		agentUsage,
		growthMetrics: {
			agentAcquisitionRate: newAgentsThisMonth,
			agentAcquisitionByMonth: acquisition,
			mrrGrowthRate: changePercent(monthlyRevenue, lastMonthRevenue),
			lastMonthRevenue,
			foundingMembers,
		},
	}
}
export type OpsDashboard = Awaited<ReturnType<typeof opsDashboard>>
