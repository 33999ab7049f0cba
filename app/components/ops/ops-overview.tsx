import type { OpsDashboard } from '#core/ops/dashboard.ts'
import { Facts, MetricCard, Panel, ProgressBar } from './metric-card.tsx'
import { count, pounds, quotaColour, signed, successColour } from './ops-format.ts'

/** The always-visible part: health check, weekly users, break-even, activity and system health. */
export function OpsOverview({ data }: { data: OpsDashboard }) {
	const { healthCheck: h, customerActivity: a, moneyMetrics: m, systemHealth: s } = data
	const b = m.breakEvenAnalysis
	return (
		<div className="flex flex-col gap-4">
			<section aria-label="Health check">
				<dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
					<MetricCard label="Active customers (7 days)" value={count(h.activeCustomers)} />
					<MetricCard label="Images processed today" value={count(h.imagesProcessedToday)} />
					<MetricCard label="Monthly revenue" value={pounds(h.monthlyRevenue)} />
					<MetricCard label="API quota used" value={`${h.apiQuotaUsed}%`} tone={quotaColour(h.apiQuotaUsed)} />
				</dl>
			</section>
			<div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
				<Panel title="Weekly Active Users">
					<p className="text-3xl font-bold tabular-nums">{count(a.weeklyActiveUsers)}</p>
					<p className={a.weeklyActiveUsersChange < 0 ? 'text-sm text-red-700' : 'text-sm text-green-700'}>
						{signed(a.weeklyActiveUsersChange)} vs last week
					</p>
				</Panel>
				<Panel title="Customer Activity This Week">
					<Facts
						rows={[
							['Images uploaded', count(a.imagesUploadedThisWeek)],
							['Images hearted', count(a.imagesHeartedThisWeek)],
							['Final downloads', count(a.finalDownloadsThisWeek)],
						]}
					/>
				</Panel>
				<Panel title="System Health">
					<Facts
						rows={[
							['API success rate', `${s.apiSuccessRate}%`, successColour(s.apiSuccessRate)],
							['Avg response time', `${count(s.avgApiResponseTime)} ms`],
							['Failed requests (24h)', count(s.failedRequestsLast24h)],
							['Days until quota reset', count(s.daysUntilApiQuotaReset)],
						]}
					/>
				</Panel>
			</div>
			<Panel title="Break-even Analysis">
				<div className="flex flex-col gap-2">
					<div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
						<span>
							<span className="font-semibold">{count(b.propertiesCompleted)}</span> of {count(b.breakEvenProperties)} properties
						</span>
						<span className="font-semibold">{b.currentProgress}%</span>
					</div>
					<ProgressBar value={b.currentProgress} label="Break-even progress" />
				</div>
				<Facts
					rows={[
						['Total build cost', pounds(b.totalBuildCost)],
						['Revenue generated', pounds(m.revenue)],
						['Revenue still needed', pounds(b.revenueStillNeeded)],
						['Properties still needed', count(b.propertiesStillNeeded)],
						['Profit', pounds(m.profit), m.profit < 0 ? 'text-red-700' : 'text-green-700'],
					]}
				/>
			</Panel>
		</div>
	)
}
