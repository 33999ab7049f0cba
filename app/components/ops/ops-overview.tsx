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
			<StagingPanel staging={data.staging} />
			<Panel title="Break-even Analysis">
				<div className="flex flex-col gap-2">
					<div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
						<span>
							<span className="font-semibold">{count(b.propertiesCompleted)}</span> of {count(b.breakEvenProperties)}{' '}
							properties
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

const dollars = (micros: number | null) => (micros === null ? 'not reported' : `$${(micros / 1_000_000).toFixed(2)}`)
const creditsLeft = (credits: { used: number; limit: number } | null) =>
	credits ? `${count(credits.limit - credits.used)} of ${count(credits.limit)} left` : 'Not reported'

/** Which staging provider is on, whether it answers, its credits, and this month's use per provider. */
function StagingPanel({ staging: g }: { staging: OpsDashboard['staging'] }) {
	return (
		<Panel title="Staging Provider">
			<Facts
				rows={[
					['Provider', `${g.label}${g.isPreview ? '' : ` · ${g.model}`}`],
					[
						'Reachable',
						g.reachable ? 'Yes' : `No: ${g.message ?? 'no answer'}`,
						g.reachable ? 'text-green-700' : 'text-red-700',
					],
					['Credits', creditsLeft(g.credits)],
					...(g.editCredits ? [['Image-editing credits', creditsLeft(g.editCredits)] as [string, string]] : []),
				]}
			/>
			{g.isPreview ? (
				<p className="text-sm text-muted-foreground">
					Rendo is making colour-graded previews, not staged rooms. Set RENDER_PROVIDER to virtual-staging-ai, openai or
					gemini with its API key to stage for real.
				</p>
			) : null}
			{g.thisMonth.length ? (
				<table className="w-full text-sm">
					<caption className="sr-only">Staging this month per provider and kind</caption>
					<thead>
						<tr className="text-left text-muted-foreground">
							<th className="py-1 font-normal">This month</th>
							<th className="py-1 text-right font-normal">Renders</th>
							<th className="py-1 text-right font-normal">Images</th>
							<th className="py-1 text-right font-normal">Failed</th>
							<th className="py-1 text-right font-normal">Reported cost</th>
						</tr>
					</thead>
					<tbody>
						{g.thisMonth.map((row) => (
							<tr key={`${row.provider}:${row.kind}`} className="border-t border-gray-100">
								<th scope="row" className="py-1 text-left font-medium">
									{row.label} <span className="font-normal text-muted-foreground">· {row.kindLabel}</span>
								</th>
								<td className="py-1 text-right tabular-nums">{count(row.renders)}</td>
								<td className="py-1 text-right tabular-nums">{count(row.images)}</td>
								<td className="py-1 text-right tabular-nums">{count(row.failed)}</td>
								<td className="py-1 text-right tabular-nums">{dollars(row.costUsdMicros)}</td>
							</tr>
						))}
					</tbody>
				</table>
			) : (
				<p className="text-sm text-muted-foreground">No staging requests this month yet.</p>
			)}
			{g.roomChecks.length ? (
				<table className="w-full text-sm">
					<caption className="sr-only">Room checks this month per provider and model</caption>
					<thead>
						<tr className="text-left text-muted-foreground">
							<th className="py-1 font-normal">Room checks</th>
							<th className="py-1 text-right font-normal">Checked</th>
							<th className="py-1 text-right font-normal">Flagged</th>
							<th className="py-1 text-right font-normal">Kept</th>
							<th className="py-1 text-right font-normal">Replaced</th>
							<th
								className="py-1 text-right font-normal"
								title="Images the pipeline asked the vendor for again by itself"
							>
								Asked again
							</th>
						</tr>
					</thead>
					<tbody>
						{g.roomChecks.map((row) => (
							<tr key={`${row.provider}:${row.model}`} className="border-t border-gray-100">
								<th scope="row" className="py-1 text-left font-medium">
									{row.label}
									{row.model ? <span className="font-normal text-muted-foreground"> · {row.model}</span> : null}
								</th>
								<td className="py-1 text-right tabular-nums">{count(row.checked)}</td>
								<td className="py-1 text-right tabular-nums">
									{count(row.flagged)} ({row.flaggedPercent}%)
								</td>
								<td className="py-1 text-right tabular-nums">{count(row.kept)}</td>
								<td className="py-1 text-right tabular-nums">{count(row.replaced)}</td>
								<td className="py-1 text-right tabular-nums">{count(row.askedAgain)}</td>
							</tr>
						))}
					</tbody>
				</table>
			) : null}
		</Panel>
	)
}
