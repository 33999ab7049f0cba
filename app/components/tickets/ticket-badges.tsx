import { cn } from '#app/utils/cn.ts'
import { TICKET_STATUS_LABELS, type TicketPriority, type TicketStatus } from '#core/tickets/ticket.schema.ts'

// Spec 02 §2: open red, in-progress yellow, resolved green, closed grey.
const STATUS_CLASSES: Record<TicketStatus, string> = {
	open: 'bg-red-100 text-red-800',
	'in-progress': 'bg-yellow-100 text-yellow-800',
	resolved: 'bg-green-100 text-green-800',
	closed: 'bg-gray-200 text-gray-700',
}

const PRIORITY_CLASSES: Record<TicketPriority, string> = {
	critical: 'bg-red-600 text-white',
	high: 'bg-orange-100 text-orange-800',
	medium: 'bg-blue-100 text-blue-800',
	low: 'bg-gray-100 text-gray-700',
}

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap'

export function StatusBadge({ status }: { status: TicketStatus }) {
	return <span className={cn(badge, STATUS_CLASSES[status])}>{TICKET_STATUS_LABELS[status]}</span>
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
	return <span className={cn(badge, 'capitalize', PRIORITY_CLASSES[priority])}>{priority}</span>
}

// A fixed zone, so the server's render and the browser's hydration print the same day.
const ticketDate = new Intl.DateTimeFormat('en-GB', {
	day: '2-digit',
	month: '2-digit',
	year: 'numeric',
	timeZone: 'Europe/London',
})

/** Spec 02 §9: ticket dates are en-GB numeric, e.g. 22/11/2026. */
export function formatTicketDate(iso: string) {
	return ticketDate.format(new Date(iso))
}
