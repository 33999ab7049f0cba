import { cn } from '#app/utils/cn.ts'

/** A labelled bar; `value` and `max` are counts (rooms, variations) or a percent out of 100. */
export function ProgressBar({
	value,
	max = 100,
	label,
	valueText,
	className,
	tone = 'brand',
}: {
	value: number
	max?: number
	label: string
	valueText?: string
	className?: string
	tone?: 'brand' | 'success'
}) {
	const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0
	return (
		<div
			role="progressbar"
			aria-label={label}
			aria-valuemin={0}
			aria-valuemax={max}
			aria-valuenow={Math.min(value, max)}
			aria-valuetext={valueText}
			className={cn('h-2 w-full overflow-hidden rounded-full bg-gray-200', className)}
		>
			<div
				className={cn(
					'h-full rounded-full transition-[width] duration-500 ease-out motion-reduce:transition-none',
					tone === 'success' ? 'bg-green-600' : 'bg-brand',
				)}
				style={{ width: `${percent}%` }}
			/>
		</div>
	)
}
