import type { ReactNode } from 'react'
import { cn } from '#app/utils/cn.ts'

/** One photo in a step's list: its thumbnail, then what the agent sets for it. */
export function PhotoRow({
	thumbnail,
	children,
	large = false,
}: {
	thumbnail: ReactNode
	children: ReactNode
	/** a bigger thumbnail from the small breakpoint up (the upload step, where the photo is the point) */
	large?: boolean
}) {
	return (
		<li className="flex gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm">
			<div className={cn('size-20 shrink-0 overflow-hidden rounded-lg bg-muted', large && 'sm:size-24')}>
				{thumbnail}
			</div>
			<div className={cn('flex min-w-0 flex-1 flex-col', large ? 'gap-1' : 'gap-2')}>{children}</div>
		</li>
	)
}
