import { getFormProps, useForm } from '@conform-to/react'
import { Link, useFetcher, useLocation } from '@remix-run/react'
import { CircleCheck, Eye, Play } from 'lucide-react'
import { FormAlert } from '#app/components/forms.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import type { TicketView } from '#core/tickets/tickets.ts'
import { formatTicketDate, PriorityBadge, StatusBadge } from './ticket-badges.tsx'
import { withSearchParam } from '#app/utils/search-params.ts'
import { intentUrl } from './ticket-forms.ts'
import { useRefusalToast, useTicketReply } from './use-ticket-reply.ts'

// Spec 02 §4: the list only moves a ticket one step forward; the dialog may set any status.
const NEXT_STEP = {
	open: { intent: 'start-work', label: 'Start Work', Icon: Play },
	'in-progress': { intent: 'resolve', label: 'Resolve', Icon: CircleCheck },
} as const

/** Start Work / Resolve: a one-button form per ticket, so it works without JavaScript too. */
function QuickActionButton({
	ticketId,
	action,
}: {
	ticketId: string
	action: (typeof NEXT_STEP)[keyof typeof NEXT_STEP]
}) {
	const fetcher = useFetcher()
	const { search } = useLocation()
	const reply = useTicketReply(fetcher, action.intent, ticketId)
	const [form] = useForm({ id: `${action.intent}-${ticketId}`, lastResult: reply?.result })
	useRefusalToast(reply, 'Update Failed', 'Failed to update ticket')
	return (
		<fetcher.Form method="post" action={intentUrl(search, action.intent)} preventScrollReset {...getFormProps(form)}>
			<input type="hidden" name="ticketId" value={ticketId} />
			<Button type="submit" size="sm" disabled={fetcher.state !== 'idle'}>
				<action.Icon aria-hidden className="size-4" />
				{action.label}
			</Button>
			<FormAlert id={form.errorId} errors={form.errors} />
		</fetcher.Form>
	)
}

export function TicketCard({ ticket }: { ticket: TicketView }) {
	const { search } = useLocation()
	const next = ticket.status === 'open' || ticket.status === 'in-progress' ? NEXT_STEP[ticket.status] : null
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
			<div className="flex flex-wrap items-start gap-2">
				{next ? <QuickActionButton key={next.intent} ticketId={ticket.id} action={next} /> : null}
				{/* the details dialog is a page state (?ticket=), so it opens without JavaScript too */}
				<Link
					to={withSearchParam(search, 'ticket', ticket.id)}
					preventScrollReset
					className={buttonClasses({ size: 'sm', variant: 'outline' })}
				>
					<Eye aria-hidden className="size-4" />
					View Details
				</Link>
			</div>
		</article>
	)
}
