import type { ReactNode } from 'react'
import { cn } from '#app/utils/cn.ts'

/** One figure with its label; `tone` colours the value (health thresholds). */
export function MetricCard({
	label,
	value,
	detail,
	tone,
}: {
	label: string
	value: ReactNode
	detail?: ReactNode
	tone?: string
}) {
	return (
		<div className="flex flex-col gap-1 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
			<dt className="text-sm text-muted-foreground">{label}</dt>
			<dd className={cn('text-2xl font-bold text-gray-900 tabular-nums', tone)}>{value}</dd>
			{detail ? <dd className="text-xs text-muted-foreground">{detail}</dd> : null}
		</div>
	)
}

export function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
	return (
		<section
			aria-label={title}
			className={cn('flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5', className)}
		>
			<h2 className="font-semibold text-gray-900">{title}</h2>
			{children}
		</section>
	)
}

/** A label/value list for panels. */
export function Facts({ rows }: { rows: Array<[string, ReactNode, string?]> }) {
	return (
		<dl className="flex flex-col divide-y divide-gray-100 text-sm">
			{rows.map(([label, value, tone]) => (
				<div key={label} className="flex items-center justify-between gap-4 py-2">
					<dt className="text-muted-foreground">{label}</dt>
					<dd className={cn('font-semibold text-gray-900 tabular-nums', tone)}>{value}</dd>
				</div>
			))}
		</dl>
	)
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
	const clamped = Math.max(0, Math.min(100, value))
	return (
		<div
			role="progressbar"
			aria-label={label}
			aria-valuenow={clamped}
			aria-valuemin={0}
			aria-valuemax={100}
			className="h-2 w-full overflow-hidden rounded-full bg-gray-100"
		>
			<div className="h-full rounded-full bg-brand" style={{ width: `${clamped}%` }} />
		</div>
	)
}
