import { PROPERTY_PRICE_PENCE } from '#core/billing/pricing.ts'
import type { capacityAutomation } from '#core/ops/capacity.ts'
import type { OpsDashboard } from '#core/ops/dashboard.ts'
import {
	API_COST_PER_PROPERTY_PENCE,
	COMPETITIVE_CLAIMS,
	DELIVERY_MINUTES,
	GROSS_MARGIN_PERCENT,
	GROWTH_TARGETS,
	INVESTMENT_TIMELINE,
	OTHER_COSTS_PER_PROPERTY_PENCE,
	SCALING_ECONOMICS,
} from '#core/ops/economics.ts'
import { cn } from '#app/utils/cn.ts'
import { Facts, MetricCard, Panel, ProgressBar } from './metric-card.tsx'
import { count, pounds, signed } from './ops-format.ts'

export type Capacity = Awaited<ReturnType<typeof capacityAutomation>>

export function FinancialTab({ data }: { data: OpsDashboard }) {
	const f = data.financialMetrics
	return (
		<dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
			<MetricCard
				label="Monthly revenue"
				value={pounds(f.monthlyRevenue)}
				detail={`${count(f.propertiesCompletedThisMonth)} properties completed`}
			/>
			<MetricCard label="Fixed costs" value={pounds(f.monthlyCosts.fixed)} detail="rendering plan" />
			<MetricCard label="Variable costs" value={pounds(f.monthlyCosts.variable)} detail="£0.80 per property" />
			<MetricCard
				label="Gross profit"
				value={pounds(f.grossProfit)}
				tone={f.grossProfit < 0 ? 'text-red-700' : undefined}
			/>
			<MetricCard
				label="Cost per image"
				value={pounds(f.costPerImage)}
				detail={`${count(f.imagesProcessedThisMonth)} images this month`}
			/>
			<MetricCard label="Revenue per agent" value={pounds(f.revenuePerAgent)} />
			<MetricCard label="Gross margin" value={`${data.summary.grossMargin}%`} />
		</dl>
	)
}

export function EconomicsTab({ data }: { data: OpsDashboard }) {
	return (
		<div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
			<Panel title="Growth-Phase Targets">
				<Facts rows={GROWTH_TARGETS.map((t) => [t.phase, `${t.propertiesPerMonth} properties / month`])} />
			</Panel>
			<Panel title="Revenue Milestones">
				<ul className="flex flex-col gap-3">
					{Object.values(data.milestones).map((m) => (
						<li key={m.label} className="flex flex-col gap-1 text-sm">
							<div className="flex flex-wrap justify-between gap-2">
								<span className="font-semibold">{m.label}</span>
								<span>
									{m.propertiesPerMonth} properties / month · {m.agents} agents · {m.progress}%
								</span>
							</div>
							<ProgressBar value={m.progress} label={`${m.label} progress`} />
						</li>
					))}
				</ul>
			</Panel>
			<Panel title="Unit Economics">
				<Facts
					rows={[
						['Price per property', pounds(PROPERTY_PRICE_PENCE)],
						[
							'API cost per property (2-5 images)',
							`${pounds(API_COST_PER_PROPERTY_PENCE.min)}-${pounds(API_COST_PER_PROPERTY_PENCE.max)}`,
						],
						['Other costs per property', pounds(OTHER_COSTS_PER_PROPERTY_PENCE)],
						['Gross margin', `${GROSS_MARGIN_PERCENT.min}%-${GROSS_MARGIN_PERCENT.max}%`],
						['Delivery', `${DELIVERY_MINUTES.min}-${DELIVERY_MINUTES.max} minutes`],
					]}
				/>
			</Panel>
			<Panel title="Competitive Claims">
				<ul className="list-disc pl-5 text-sm text-gray-800">
					{COMPETITIVE_CLAIMS.map((c) => (
						<li key={c}>{c}</li>
					))}
				</ul>
			</Panel>
			<Panel title="Scaling Economics">
				<Facts
					rows={SCALING_ECONOMICS.map((s) => [
						`${s.tier}`,
						`${pounds(s.costPerImagePence)}/image · ${pounds(s.monthlyCostPence)}/month`,
					])}
				/>
			</Panel>
			<Panel title="Investment Timeline">
				<Facts rows={INVESTMENT_TIMELINE.map((t) => [t.period, t.milestone])} />
			</Panel>
		</div>
	)
}

export function AgentsTab({ data }: { data: OpsDashboard }) {
	if (!data.agentUsage.length)
		return (
			<p className="rounded-xl border border-dashed border-gray-300 p-8 text-center text-muted-foreground">
				No agent activity yet
			</p>
		)
	return (
		// On a phone the table scrolls sideways: focusable and named, so keys can scroll it too.
		<section
			aria-label="Agent usage"
			// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard (axe: scrollable-region-focusable)
			tabIndex={0}
			className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm"
		>
			<table className="w-full min-w-[32rem] text-left text-sm">
				<thead className="bg-muted text-muted-foreground">
					<tr>
						<th scope="col" className="px-4 py-3 font-medium">
							Name
						</th>
						<th scope="col" className="px-4 py-3 font-medium">
							Email
						</th>
						<th scope="col" className="px-4 py-3 text-right font-medium">
							Properties
						</th>
						<th scope="col" className="px-4 py-3 text-right font-medium">
							Total revenue
						</th>
					</tr>
				</thead>
				<tbody className="divide-y divide-gray-100">
					{data.agentUsage.map((agent) => (
						<tr key={agent.email}>
							<td className="px-4 py-3 font-medium text-gray-900">{agent.name}</td>
							<td className="px-4 py-3 break-all">{agent.email}</td>
							<td className="px-4 py-3 text-right tabular-nums">{count(agent.properties)}</td>
							<td className="px-4 py-3 text-right tabular-nums">{pounds(agent.totalRevenue)}</td>
						</tr>
					))}
				</tbody>
			</table>
		</section>
	)
}

export function CapacityTab({ capacity }: { capacity: Capacity | null }) {
	if (!capacity) return <p className="text-muted-foreground">Failed to load capacity data</p>
	const a = capacity.analysis
	return (
		<div className="flex flex-col gap-4">
			<dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
				<MetricCard label="Current usage" value={`${count(a.currentUsage)} / ${count(a.currentLimit)}`} />
				<MetricCard
					label="Utilization"
					value={
						<span
							className={cn(
								'inline-flex rounded-full px-3 py-0.5 text-lg',
								a.utilizationPercent > 80 ? 'bg-destructive text-white' : 'bg-muted',
							)}
						>
							{a.utilizationPercent}%
						</span>
					}
				/>
				<MetricCard
					label="Days until limit"
					value={a.daysUntilCapacityExhausted === null ? '—' : count(a.daysUntilCapacityExhausted)}
					tone={a.daysUntilCapacityExhausted !== null && a.daysUntilCapacityExhausted < 14 ? 'text-red-700' : undefined}
				/>
				<MetricCard label="Urgency level" value={<span className="capitalize">{a.urgencyLevel}</span>} />
			</dl>
			<Panel title="Recommended Upgrade Tier">
				<div className="flex flex-wrap items-center gap-3">
					{a.automatedUpgradeRecommended ? (
						<span className="rounded-full bg-destructive px-3 py-1 text-xs font-semibold text-white">
							Automated Upgrade Recommended
						</span>
					) : null}
				</div>
				<Facts
					rows={[
						['Tier', a.recommendedTier.name],
						['Limit', `${count(a.recommendedTier.limit)} credits`],
						['Monthly cost', pounds(a.recommendedTier.monthlyGbpCost)],
					]}
				/>
			</Panel>
		</div>
	)
}

export function GrowthTab({ data }: { data: OpsDashboard }) {
	const g = data.growthMetrics
	const most = Math.max(1, ...g.agentAcquisitionByMonth.map((m) => m.newAgents))
	return (
		<div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
			<dl className="grid grid-cols-2 gap-3">
				<MetricCard label="New agents this month" value={count(g.agentAcquisitionRate)} />
				<MetricCard
					label="MRR growth rate"
					value={signed(g.mrrGrowthRate)}
					detail={`last month ${pounds(g.lastMonthRevenue)}`}
				/>
				<MetricCard
					label="Next upgrade in"
					value={
						data.summary.nextUpgradeThreshold.days === null ? '—' : `${data.summary.nextUpgradeThreshold.days} days`
					}
					detail={data.summary.nextUpgradeThreshold.recommendation}
				/>
				<MetricCard
					label="Founding-member pipeline"
					value={pounds(g.foundingMembers.pipelineValue)}
					detail={`${g.foundingMembers.pending} pending · ${g.foundingMembers.contacted} contacted · ${g.foundingMembers.converted} converted`}
				/>
			</dl>
			<Panel title="Agent Acquisition per Month">
				<ul className="flex flex-col gap-2 text-sm">
					{g.agentAcquisitionByMonth.map((m) => (
						<li key={m.month} className="grid grid-cols-[4.5rem_1fr_2rem] items-center gap-2">
							<span className="text-muted-foreground">{m.month}</span>
							<span
								className="h-3 rounded bg-brand/80"
								style={{ width: `${(m.newAgents / most) * 100}%`, minWidth: m.newAgents ? '0.5rem' : 0 }}
							/>
							<span className="text-right tabular-nums">{m.newAgents}</span>
						</li>
					))}
				</ul>
			</Panel>
		</div>
	)
}
