import type { TransformationView } from '#core/transformations/views.ts'
import { MetricCard } from '#app/components/ops/metric-card.tsx'
import { percent } from '#core/ops/periods.ts'
import { isAwaiting } from './transformation-status.tsx'

export function AdminStats({ items }: { items: TransformationView[] }) {
	const total = items.length
	const completed = items.filter((t) => t.status === 'completed').length
	const failed = items.filter((t) => t.status === 'failed').length
	const pending = items.filter((t) => isAwaiting(t.status)).length
	return (
		<dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
			<MetricCard label="Total Transformations" value={total} />
			<MetricCard label="Completed" value={completed} detail={`${percent(completed, total)}% completion rate`} />
			<MetricCard label="Pending" value={pending} detail="pending / awaiting processing" />
			<MetricCard label="Failed" value={failed} detail={`${percent(failed, total)}% error rate`} />
		</dl>
	)
}

/** Business analytics are not collected yet: the spec's placeholder with three greyed cards. */
export function AnalyticsPlaceholder() {
	return (
		<section
			aria-labelledby="analytics-heading"
			className="flex flex-col gap-3 rounded-xl border border-dashed border-gray-300 p-4 sm:p-6"
		>
			<div className="flex flex-col gap-1">
				<p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Awaiting Live Data</p>
				<h2 id="analytics-heading" className="text-lg font-semibold text-gray-900">
					Business Analytics
				</h2>
				<p className="text-sm text-muted-foreground">Feature Coming Soon</p>
			</div>
			<ul className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Coming soon">
				{['Days on Market', 'Offer Price', 'Client Engagement'].map((label) => (
					<li key={label} aria-disabled className="rounded-lg bg-gray-100 p-4 text-gray-400">
						<p className="text-sm font-medium">{label}</p>
						<p className="text-2xl font-bold">—</p>
					</li>
				))}
			</ul>
		</section>
	)
}
