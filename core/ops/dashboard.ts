import { and, eq } from 'drizzle-orm'
import { businessMetrics } from '#db/schema/billing.ts'
import { assertCan, type Actor } from '#core/accounts/actor.ts'
import { PROPERTY_PRICE_PENCE } from '#core/billing/pricing.ts'
import { db } from '#core/platform/db.ts'
import { type AlertType, type CapacityAnalysis as Capacity, currentCapacity } from './capacity.ts'
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
import { changePercent, percent, type Periods } from './periods.ts'

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

/** Awaits an object of promises together, keeping their names: `{ a: Promise<A> }` → `{ a: A }`. */
async function awaitAll<T extends Record<string, unknown>>(pending: T): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
	const entries = await Promise.all(Object.entries(pending).map(async ([name, value]) => [name, await value] as const))
	return Object.fromEntries(entries) as { [K in keyof T]: Awaited<T[K]> }
}

/** Step 1: every figure the dashboard needs, read from the rows in parallel. */
async function gatherFigures(p: Periods, now: Date) {
	const month = { from: p.monthStart, to: p.nextMonthStart }
	const week = { from: p.weekStart, to: now }
	const previousWeek = { from: p.previousWeekStart, to: p.weekStart }
	return awaitAll({
		weeklyActive: figures.activeCustomers(week),
		previousWeeklyActive: figures.activeCustomers(previousWeek),
		imagesToday: figures.renderCallStats({ from: p.dayStart, to: now }).then((s) => s.ok),
		monthRenders: figures.renderCallStats(month),
		last24h: figures.renderCallStats({ from: p.last24h, to: now }),
		completionRevenue: figures.completionRevenue(month),
		subscriptionRevenue: figures.activeSubscriptionRevenue(now),
		completedThisMonth: figures.projectsCompleted(month),
		payingCustomers: figures.payingCustomers(month),
		uploadedThisWeek: figures.imagesUploaded(week),
		heartedThisWeek: figures.imagesHearted(week),
		downloadsThisWeek: figures.finalDownloads(week),
		allTime: figures.allTimeCompletions(),
		agentUsage: figures.customerUsage(),
		newAgentsThisMonth: figures.newCustomers(month),
		lastMonthRevenue: previousMonthRevenue(p.previousMonthStart, p.monthStart),
		acquisition: acquisitionByMonth(now),
		foundingMembers: figures.foundingMemberPipeline(),
		criticalTickets: figures.openCriticalTickets(),
		staging: stagingProviderHealth(month),
	})
}
type Figures = Awaited<ReturnType<typeof gatherFigures>>

/** Step 2: the month's money and the rates derived from the figures. */
function deriveMetrics(f: Figures, capacity: Capacity) {
	const monthlyRevenue = f.completionRevenue + f.subscriptionRevenue
	const fixedCosts = tierFor(capacity.currentLimit).monthlyGbpCost
	const variableCosts = f.completedThisMonth * OTHER_COSTS_PER_PROPERTY_PENCE
	return {
		monthlyRevenue,
		fixedCosts,
		variableCosts,
		grossProfit: monthlyRevenue - fixedCosts - variableCosts,
		apiSuccessRate: f.last24h.total ? percent(f.last24h.ok, f.last24h.total) : 100,
		weeklyActiveUsersChange: changePercent(f.weeklyActive, f.previousWeeklyActive),
		revenueStillNeeded: Math.max(0, TOTAL_BUILD_COST_PENCE - f.allTime.revenue),
	}
}
type Metrics = ReturnType<typeof deriveMetrics>

/** Step 3: progress towards each revenue milestone this month. */
function milestoneProgress(monthlyRevenue: number) {
	return Object.fromEntries(
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
}

/** Step 4: when the next API plan is needed, in words. */
function nextUpgradeThreshold(capacity: Capacity) {
	const days = capacity.daysUntilCapacityExhausted
	return {
		days,
		recommendation:
			capacity.recommendedTier.limit > capacity.currentLimit
				? `Move to ${capacity.recommendedTier.name}${days !== null ? ` within ${days} days` : ''}`
				: days === null
					? 'No renders yet this month; the current plan is enough'
					: `The current plan lasts the month at this rate`,
	}
}

/** Step 5: the alerts, most pressing first. */
function dashboardAlerts(f: Figures, m: Metrics, capacity: Capacity) {
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
	if (f.last24h.total && m.apiSuccessRate < 90)
		alerts.push({
			type: 'error',
			message: `Rendering success rate is ${m.apiSuccessRate}% (${f.last24h.failed} failed in 24h)`,
			action: "Check the rendering provider's status and the job errors",
		})
	else if (f.last24h.total && m.apiSuccessRate < 95)
		alerts.push({
			type: 'warning',
			message: `Rendering success rate is ${m.apiSuccessRate}%`,
			action: 'Watch the failed renders',
		})
	if (f.staging.outage)
		alerts.push({
			type: 'error',
			message: `${f.staging.label} unavailable since ${utcTime(f.staging.outage.since)} (${f.staging.outage.failedCalls} calls failed in a row, the last at ${utcTime(f.staging.outage.lastFailure)}); renders wait and go on by themselves when it answers`,
			action: "Check the provider's status page; each process asks it once every few seconds meanwhile",
		})
	else if (!f.staging.reachable)
		alerts.push({
			type: 'error',
			message: `${f.staging.label} is not answering: ${f.staging.message ?? 'no reason given'}`,
			action: "Check the provider's status page and the API key",
		})
	if (f.criticalTickets > 0)
		alerts.push({
			type: 'error',
			message: `${f.criticalTickets} critical support ticket${f.criticalTickets === 1 ? '' : 's'} open`,
			action: 'Review them on the DevOps dashboard',
		})
	if (m.weeklyActiveUsersChange <= -20)
		alerts.push({
			type: 'warning',
			message: `Weekly active users down ${Math.abs(m.weeklyActiveUsersChange)}%`,
			action: 'Reach out to agents who went quiet',
		})
	if (f.allTime.revenue >= TOTAL_BUILD_COST_PENCE)
		alerts.push({
			type: 'success',
			message: 'Break-even reached: the build cost is earned back',
			action: 'Plan the next growth phase',
		})
	if (f.completedThisMonth === 0)
		alerts.push({
			type: 'info',
			message: 'No properties completed yet this month',
			action: 'Follow up with agents who have active projects',
		})
	return alerts
}

/** "14:03:27 UTC", of an ISO time */
const utcTime = (iso: string) => `${iso.slice(11, 19)} UTC`

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
	const f = await gatherFigures(p, now)
	const m = deriveMetrics(f, capacity)
	return {
		generatedAt: now.toISOString(),
		alerts: dashboardAlerts(f, m, capacity),
		healthCheck: {
			activeCustomers: f.weeklyActive,
			imagesProcessedToday: f.imagesToday,
			monthlyRevenue: m.monthlyRevenue,
			apiQuotaUsed: capacity.utilizationPercent,
		},
		customerActivity: {
			weeklyActiveUsers: f.weeklyActive,
			weeklyActiveUsersChange: m.weeklyActiveUsersChange,
			imagesUploadedThisWeek: f.uploadedThisWeek,
			imagesHeartedThisWeek: f.heartedThisWeek,
			finalDownloadsThisWeek: f.downloadsThisWeek,
		},
		moneyMetrics: {
			revenue: f.allTime.revenue,
			profit: f.allTime.revenue - TOTAL_BUILD_COST_PENCE,
			breakEvenAnalysis: {
				totalBuildCost: TOTAL_BUILD_COST_PENCE,
				propertiesCompleted: f.allTime.properties,
				breakEvenProperties: Math.ceil(TOTAL_BUILD_COST_PENCE / PROPERTY_PRICE_PENCE),
				currentProgress: Math.min(100, percent(f.allTime.revenue, TOTAL_BUILD_COST_PENCE)),
				revenueStillNeeded: m.revenueStillNeeded,
				propertiesStillNeeded: Math.ceil(m.revenueStillNeeded / PROPERTY_PRICE_PENCE),
			},
		},
		staging: f.staging,
		systemHealth: {
			apiSuccessRate: m.apiSuccessRate,
			avgApiResponseTime: f.last24h.avgMs,
			failedRequestsLast24h: f.last24h.failed,
			daysUntilApiQuotaReset: p.daysUntilMonthEnd,
		},
		financialMetrics: {
			monthlyRevenue: m.monthlyRevenue,
			monthlyCosts: { fixed: m.fixedCosts, variable: m.variableCosts },
			grossProfit: m.grossProfit,
			costPerImage: f.monthRenders.ok
				? Math.round((m.fixedCosts + m.variableCosts) / f.monthRenders.ok)
				: tierFor(capacity.currentLimit).costPerImagePence,
			revenuePerAgent: f.payingCustomers ? Math.round(m.monthlyRevenue / f.payingCustomers) : 0,
			imagesProcessedThisMonth: f.monthRenders.ok,
			propertiesCompletedThisMonth: f.completedThisMonth,
		},
		summary: {
			grossMargin: m.monthlyRevenue ? percent(m.grossProfit, m.monthlyRevenue) : 0,
			nextUpgradeThreshold: nextUpgradeThreshold(capacity),
		},
		milestones: milestoneProgress(m.monthlyRevenue),
		agentUsage: f.agentUsage,
		growthMetrics: {
			agentAcquisitionRate: f.newAgentsThisMonth,
			agentAcquisitionByMonth: f.acquisition,
			mrrGrowthRate: changePercent(m.monthlyRevenue, f.lastMonthRevenue),
			lastMonthRevenue: f.lastMonthRevenue,
			foundingMembers: f.foundingMembers,
		},
	}
}
export type OpsDashboard = Awaited<ReturnType<typeof opsDashboard>>
