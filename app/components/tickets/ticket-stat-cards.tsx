import { CircleAlert, CircleCheck, Clock, Inbox, Ticket } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ticketStats } from '#core/tickets/tickets.ts'

type TicketStats = Awaited<ReturnType<typeof ticketStats>>

function StatCard({
	label,
	value,
	detail,
	icon,
}: {
	label: string
	value: ReactNode
	detail?: string
	icon: ReactNode
}) {
	return (
		<div className="flex flex-col gap-1 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
			<div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
				<span>{label}</span>
				{icon}
			</div>
			<span className="text-2xl font-bold text-gray-900 tabular-nums">{value}</span>
			{detail ? <span className="text-xs text-muted-foreground">{detail}</span> : null}
		</div>
	)
}

export function TicketStatCards({ stats }: { stats: TicketStats }) {
	return (
		<section aria-label="Ticket statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
			<StatCard label="Total Tickets" value={stats.total} icon={<Ticket aria-hidden className="size-4" />} />
			<StatCard
				label="Open"
				value={stats.open}
				detail={`${stats.inProgress} in progress`}
				icon={<Inbox aria-hidden className="size-4 text-red-600" />}
			/>
			<StatCard
				label="Critical"
				value={stats.critical}
				detail={`${stats.high} high priority`}
				icon={<CircleAlert aria-hidden className="size-4 text-red-600" />}
			/>
			<StatCard
				label="Resolved"
				value={stats.resolved}
				detail={`${stats.closed} closed`}
				icon={<CircleCheck aria-hidden className="size-4 text-green-700" />}
			/>
			<StatCard
				label="Avg Resolution"
				value={`${stats.averageResolutionTime}h`}
				detail="hours to resolve"
				icon={<Clock aria-hidden className="size-4" />}
			/>
		</section>
	)
}
