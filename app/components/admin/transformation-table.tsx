import { Link } from '@remix-run/react'
import { Eye } from 'lucide-react'
import { formatShortDate } from '#app/components/studio/labels.ts'
import { styleLabel } from '#core/studio/labels.ts'
import { buttonClasses } from '#app/components/ui/button.tsx'
import type { TransformationView } from '#core/transformations/views.ts'
import { TransformationStatus } from './transformation-status.tsx'

/**
 * The All Transformations table (spec 01 §2): ID, User ID, Style, Status, Created, Completed, Actions.
 * View is a link to the page with the dialog open (`?view=`), so it works without JavaScript.
 */
export function TransformationTable({
	items,
	viewHref,
}: {
	items: TransformationView[]
	viewHref: (id: string) => string
}) {
	return (
		<div className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
			<table className="w-full min-w-[44rem] text-left text-sm">
				<thead className="bg-muted text-muted-foreground">
					<tr>
						{['ID', 'User ID', 'Style', 'Status', 'Created', 'Completed', 'Actions'].map((h) => (
							<th key={h} scope="col" className="px-4 py-3 font-medium">
								{h}
							</th>
						))}
					</tr>
				</thead>
				<tbody className="divide-y divide-gray-100">
					{items.map((t) => (
						<tr key={t.id}>
							<td className="px-4 py-3 font-mono text-xs" title={t.id}>
								{t.id.slice(0, 8)}
							</td>
							<td className="px-4 py-3 font-mono text-xs" title={t.userId}>
								{t.userId.slice(0, 8)}
							</td>
							<td className="px-4 py-3">{styleLabel(t.style)}</td>
							<td className="px-4 py-3">
								<TransformationStatus status={t.status} />
							</td>
							<td className="px-4 py-3 whitespace-nowrap">{formatShortDate(t.createdAt)}</td>
							<td className="px-4 py-3 whitespace-nowrap">{t.completedAt ? formatShortDate(t.completedAt) : '—'}</td>
							<td className="px-4 py-3">
								<Link
									to={viewHref(t.id)}
									preventScrollReset
									aria-label={`View transformation ${t.id.slice(0, 8)}`}
									className={buttonClasses({ size: 'sm', variant: 'outline' })}
								>
									<Eye aria-hidden className="size-4" />
									View
								</Link>
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
