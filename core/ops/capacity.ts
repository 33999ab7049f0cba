import { assertCan, type Actor } from '#core/accounts/actor.ts'
import { config } from '#core/platform/config.ts'
import { API_TIERS, tierFor, type ApiTier } from './economics.ts'
import { renderCallStats } from './figures.ts'
import { percent, periodsAt, type Periods } from './periods.ts'

export type UrgencyLevel = 'low' | 'medium' | 'high' | 'critical'
export type AlertType = 'error' | 'critical' | 'warning' | 'success' | 'info'

/** Headroom wanted above the month's projected usage when choosing a plan. */
const HEADROOM = 1.2

/**
 * The capacity rule (pure, so it is tested with plain numbers): usage is this month's successful
 * renders against the plan's monthly quota; the daily rate so far projects when it runs out.
 * Urgency: critical at 95% used or 3 days left, high at 80% or under 14 days, medium from 50%.
 * The recommended tier is the smallest plan that holds the projected month with 20% headroom;
 * an automated upgrade is recommended when that is a bigger plan and urgency is high or critical.
 */
export function analyseCapacity(
	usage: number,
	limit: number,
	periods: Pick<Periods, 'daysElapsedInMonth' | 'daysInMonth'>,
) {
	const dailyRate = usage / periods.daysElapsedInMonth
	const daysUntilCapacityExhausted = dailyRate > 0 ? Math.max(0, Math.floor((limit - usage) / dailyRate)) : null
	const utilizationPercent = percent(usage, limit)
	const soon = daysUntilCapacityExhausted !== null
	const urgencyLevel: UrgencyLevel =
		utilizationPercent >= 95 || (soon && daysUntilCapacityExhausted <= 3)
			? 'critical'
			: utilizationPercent >= 80 || (soon && daysUntilCapacityExhausted < 14)
				? 'high'
				: utilizationPercent >= 50
					? 'medium'
					: 'low'
	const projectedMonthUsage = Math.ceil(dailyRate * periods.daysInMonth)
	const needed = Math.max(limit, Math.ceil(Math.max(projectedMonthUsage, usage) * HEADROOM))
	const tier: ApiTier = tierFor(needed)
	return {
		currentUsage: usage,
		currentLimit: limit,
		utilizationPercent,
		daysUntilCapacityExhausted,
		projectedMonthUsage,
		urgencyLevel,
		recommendedTier: { name: tier.name, limit: tier.limit, monthlyGbpCost: tier.monthlyGbpCost },
		automatedUpgradeRecommended: tier.limit > limit && (urgencyLevel === 'high' || urgencyLevel === 'critical'),
	}
}
export type CapacityAnalysis = ReturnType<typeof analyseCapacity>

export function capacityAlerts(analysis: CapacityAnalysis) {
	const alerts: Array<{ type: AlertType; title: string; message: string; automatedAction: string }> = []
	const { utilizationPercent, daysUntilCapacityExhausted: days, recommendedTier } = analysis
	const upgrade = `Upgrade to ${recommendedTier.name} (${recommendedTier.limit} images a month)`
	if (analysis.urgencyLevel === 'critical')
		alerts.push({
			type: 'critical',
			title: 'Capacity Critical',
			message: `${utilizationPercent}% of this month's rendering quota is used${days !== null ? `; it runs out in ${days} days` : ''}.`,
			automatedAction: upgrade,
		})
	else if (analysis.urgencyLevel === 'high')
		alerts.push({
			type: 'warning',
			title: 'Capacity Running Low',
			message: `${utilizationPercent}% of the quota is used${days !== null ? `; at this rate it runs out in ${days} days` : ''}.`,
			automatedAction: upgrade,
		})
	else if (analysis.urgencyLevel === 'medium')
		alerts.push({
			type: 'info',
			title: 'Capacity Half Used',
			message: `${utilizationPercent}% of this month's quota is used.`,
			automatedAction: 'Keep monitoring; no upgrade needed yet',
		})
	else
		alerts.push({
			type: 'success',
			title: 'Capacity Healthy',
			message: `${utilizationPercent}% of this month's quota is used.`,
			automatedAction: 'No action needed',
		})
	return alerts
}

/** This month's capacity figures at `now`. */
export async function currentCapacity(now = new Date()) {
	const periods = periodsAt(now)
	const renders = await renderCallStats({ from: periods.monthStart, to: periods.nextMonthStart })
	return { periods, analysis: analyseCapacity(renders.ok, config().renderMonthlyQuota, periods) }
}

/** GET /api/rendo-ops/capacity-automation (the CEO and admins). */
export async function capacityAutomation(actor: Actor, now = new Date()) {
	assertCan(actor, 'view:ops')
	const { analysis } = await currentCapacity(now)
	return { alerts: capacityAlerts(analysis), analysis, tiers: API_TIERS }
}
