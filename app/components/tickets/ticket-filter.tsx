import { NavLink } from '@remix-run/react'
import { cn } from '#app/utils/cn.ts'
import { TICKET_STATUS_LABELS, TICKET_STATUSES, type TicketStatus } from '#core/tickets/ticket.schema.ts'

const FILTERS: Array<{ status: TicketStatus | null; label: string }> = [
	{ status: null, label: 'All Tickets' },
	...TICKET_STATUSES.map((status) => ({ status, label: TICKET_STATUS_LABELS[status] })),
]

/** Links, not buttons: the filter lives in the URL, so it survives a reload and works before JavaScript. */
export function TicketFilter({ current }: { current: TicketStatus | null }) {
	return (
		<nav aria-label="Filter tickets by status" className="-mx-4 overflow-x-auto px-4">
			<ul className="flex gap-2">
				{FILTERS.map(({ status, label }) => (
					<li key={label}>
						<NavLink
							to={status ? `?status=${status}` : '.'}
							preventScrollReset
							aria-current={current === status ? 'page' : undefined}
							className={cn(
								'inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap',
								current === status
									? 'border-brand bg-brand text-white'
									: 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50',
							)}
						>
							{label}
						</NavLink>
					</li>
				))}
			</ul>
		</nav>
	)
}
