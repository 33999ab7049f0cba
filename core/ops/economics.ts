/**
 * The static business figures of the operations dashboard (spec 02 §9), in one place. Money is
 * pence. Browser-safe: the Economics tab renders these directly.
 */

/** Rendering-provider plans: images per month and cost per image (spec: ~£0.39 at 150, £0.33 at 1000, £0.30 at 5000). */
export const API_TIERS = [
	{ name: 'Starter 150', limit: 150, costPerImagePence: 39 },
	{ name: 'Growth 1000', limit: 1000, costPerImagePence: 33 },
	{ name: 'Scale 5000', limit: 5000, costPerImagePence: 30 },
].map((tier) => ({ ...tier, monthlyGbpCost: tier.limit * tier.costPerImagePence }))
export type ApiTier = (typeof API_TIERS)[number]

/** The plan that covers `limit` images a month (the largest one beyond the last). */
export function tierFor(limit: number): ApiTier {
	return API_TIERS.find((t) => t.limit >= limit) ?? API_TIERS[API_TIERS.length - 1]
}

/** Costs per property besides rendering (spec: other costs £0.80). */
export const OTHER_COSTS_PER_PROPERTY_PENCE = 80
/** Spec: API cost for 2-5 images £1.06-£2.65 per property. */
export const API_COST_PER_PROPERTY_PENCE = { min: 106, max: 265 }
export const GROSS_MARGIN_PERCENT = { min: 96.5, max: 98.1 }
export const DELIVERY_MINUTES = { min: 20, max: 30 }

/**
 * What building the product cost, to be earned back. Not in the specification: an assumed
 * £15,000; change it here when the real figure is known.
 */
export const TOTAL_BUILD_COST_PENCE = 1_500_000

/** Growth-phase targets: properties per month (spec: 12, 45, 125, 350). */
export const GROWTH_TARGETS = [
	{ phase: 'Pioneer launch', propertiesPerMonth: 12 },
	{ phase: 'Early traction', propertiesPerMonth: 45 },
	{ phase: 'Regional growth', propertiesPerMonth: 125 },
	{ phase: 'National scale', propertiesPerMonth: 350 },
]

/**
 * Assumption for turning properties into agents: an active agent completes about 4 properties a
 * month. Used only to say how many agents a milestone needs.
 */
export const PROPERTIES_PER_AGENT_PER_MONTH = 4

/** Revenue milestones: monthly revenue and the properties per month they need (spec: 51, 101, 253). */
export const MILESTONES = {
	target5K: { label: '£5K MRR', targetPence: 500_000, propertiesPerMonth: 51 },
	target10K: { label: '£10K MRR', targetPence: 1_000_000, propertiesPerMonth: 101 },
	target25K: { label: '£25K MRR', targetPence: 2_500_000, propertiesPerMonth: 253 },
} as const
export type MilestoneKey = keyof typeof MILESTONES

/** The marketing claims the product makes (spec 02 §1). */
export const COMPETITIVE_CLAIMS = [
	'Results in 20-30 minutes, not days',
	'Up to 20 variations per style',
	'Saves £2,400+ per property against physical staging',
	'Buyers 64% more likely to make an offer',
	'Pay as you go: £99 per property, no subscription',
	'Branded output for every agent',
]

/** How the plans move as volume grows: the scaling economics table. */
export const SCALING_ECONOMICS = API_TIERS.map((tier) => ({
	tier: tier.name,
	imagesPerMonth: tier.limit,
	costPerImagePence: tier.costPerImagePence,
	monthlyCostPence: tier.monthlyGbpCost,
}))

/** The investment timeline shown on the Economics tab: phases tied to the growth targets. */
export const INVESTMENT_TIMELINE = [
	{ period: 'Months 1-3', milestone: 'Pioneer agents onboarded, 12 properties a month, Starter plan' },
	{ period: 'Months 4-6', milestone: '45 properties a month, upgrade to the Growth plan' },
	{ period: 'Months 7-12', milestone: '125 properties a month, £10K MRR in sight' },
	{ period: 'Year 2', milestone: '350 properties a month, Scale plan, £25K+ MRR' },
]
