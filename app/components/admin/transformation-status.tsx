import { cn } from '#app/utils/cn.ts'
import type { TransformationView } from '#core/transformations/views.ts'

const STATUS: Record<TransformationView['status'], { label: string; className: string }> = {
	pending: { label: 'Pending', className: 'bg-yellow-100 text-yellow-800' },
	processing: { label: 'Processing', className: 'bg-blue-100 text-blue-800' },
	completed: { label: 'Completed', className: 'bg-green-100 text-green-800' },
	failed: { label: 'Failed', className: 'bg-red-100 text-red-800' },
}

export function TransformationStatus({ status }: { status: TransformationView['status'] }) {
	const s = STATUS[status] ?? { label: status, className: 'bg-gray-100 text-gray-700' }
	return (
		<span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', s.className)}>{s.label}</span>
	)
}

/** Spec 01 §4: the admin view groups pending and processing as 'pending / awaiting processing'. */
export function isAwaiting(status: string) {
	return status === 'pending' || status === 'processing'
}
