import { Link } from '@remix-run/react'
import { CircleCheck } from 'lucide-react'
import { buttonClasses } from '#app/components/ui/button.tsx'
import type { TicketPriority, TicketStatus } from '#core/tickets/ticket.schema.ts'
import { PriorityBadge, StatusBadge } from './ticket-badges.tsx'

export function ReportIssueSuccess({
	ticket,
}: {
	ticket: { ticketNumber: string; priority: TicketPriority; status: TicketStatus }
}) {
	return (
		<section
			aria-labelledby="report-success"
			className="flex flex-col items-center gap-5 rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm sm:p-8"
		>
			<div className="flex size-14 items-center justify-center rounded-full bg-green-50 text-green-700">
				<CircleCheck aria-hidden className="size-7" />
			</div>
			<div className="flex flex-col gap-1">
				<h2 id="report-success" className="text-xl font-bold text-gray-900">
					Issue Reported Successfully
				</h2>
				<p className="text-muted-foreground">We've e-mailed you a copy. We usually answer within 1-2 business days.</p>
			</div>
			<dl className="grid w-full max-w-sm grid-cols-1 gap-3 text-left sm:grid-cols-3 sm:text-center">
				<div className="flex flex-col gap-1">
					<dt className="text-xs font-medium text-muted-foreground uppercase">Ticket Number</dt>
					<dd className="font-mono font-semibold text-gray-900" data-testid="ticket-number">
						{ticket.ticketNumber}
					</dd>
				</div>
				<div className="flex flex-col gap-1">
					<dt className="text-xs font-medium text-muted-foreground uppercase">Priority</dt>
					<dd>
						<PriorityBadge priority={ticket.priority} />
					</dd>
				</div>
				<div className="flex flex-col gap-1">
					<dt className="text-xs font-medium text-muted-foreground uppercase">Status</dt>
					<dd>
						<StatusBadge status={ticket.status} />
					</dd>
				</div>
			</dl>
			<div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
				<Link to="/dashboard" className={buttonClasses()}>
					Back to Dashboard
				</Link>
				{/* a navigation to the same page drops the action's answer: the form comes back empty */}
				<Link to="/report-issue" className={buttonClasses({ variant: 'outline' })}>
					Report Another Issue
				</Link>
			</div>
		</section>
	)
}
