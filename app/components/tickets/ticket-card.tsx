import { Play, CircleCheck, Eye } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import type { TicketView } from './devops-api.ts'
import { formatTicketDate, PriorityBadge, StatusBadge } from './ticket-badges.tsx'

export function TicketCard({
	ticket,
	busy,
	onQuickAction,
	onOpen,
}: {
	ticket: TicketView
	busy: boolean
	onQuickAction: (action: 'start-work' | 'resolve') => void
	onOpen: () => void
}) {
	return (
		<article
			aria-labelledby={`ticket-${ticket.id}`}
			className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
			data-testid="ticket-card"
		>
			<div className="flex flex-wrap items-center gap-2">
				<span className="font-mono text-sm font-semibold text-gray-900">{ticket.ticketNumber}</span>
				<StatusBadge status={ticket.status} />
				<PriorityBadge priority={ticket.priority} />
			</div>
			<div className="flex flex-col gap-1">
				<h3 id={`ticket-${ticket.id}`} className="font-semibold text-gray-900">
					{ticket.title}
				</h3>
				<p className="line-clamp-3 text-sm whitespace-pre-line text-gray-700">{ticket.description}</p>
			</div>
			<dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
				<div className="flex gap-1">
					<dt>Reported by</dt>
					<dd className="font-medium text-gray-800">{ticket.userName}</dd>
				</div>
				<div className="flex gap-1">
					<dt>on</dt>
					<dd>{formatTicketDate(ticket.createdAt)}</dd>
				</div>
				<div className="flex gap-1">
					<dt>Assigned to</dt>
					<dd className="font-medium text-gray-800">{ticket.assignedTo ?? 'Unassigned'}</dd>
				</div>
			</dl>
			<div className="flex flex-wrap gap-2">
				{ticket.status === 'open' ? (
					<Button size="sm" disabled={busy} onClick={() => onQuickAction('start-work')}>
						<Play aria-hidden className="size-4" />
						Start Work
					</Button>
				) : null}
				{ticket.status === 'in-progress' ? (
					<Button size="sm" disabled={busy} onClick={() => onQuickAction('resolve')}>
						<CircleCheck aria-hidden className="size-4" />
						Resolve
					</Button>
				) : null}
				<Button size="sm" variant="outline" onClick={onOpen}>
					<Eye aria-hidden className="size-4" />
					View Details
				</Button>
			</div>
		</article>
	)
}
