import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AccessDenied } from '#app/components/ops/access-denied.tsx'
import { usePolling } from '#app/components/studio/use-polling.ts'
import {
	fetchStats,
	fetchTickets,
	postComment,
	runQuickAction,
	saveTicket,
	type TicketView,
} from '#app/components/tickets/devops-api.ts'
import { TicketCard } from '#app/components/tickets/ticket-card.tsx'
import { TicketDialog, type TicketChange } from '#app/components/tickets/ticket-dialog.tsx'
import { TicketFilter } from '#app/components/tickets/ticket-filter.tsx'
import { TicketStatCards } from '#app/components/tickets/ticket-stat-cards.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { can } from '#core/accounts/actor.ts'
import { TICKET_STATUSES, type TicketStatus } from '#core/tickets/ticket.schema.ts'
import { listTickets, ticketStats } from '#core/tickets/tickets.ts'

export const meta: MetaFunction = () => [{ title: 'DevOps Dashboard | Rendo' }]

const TICKETS_REFRESH_MS = 30_000
const STATS_REFRESH_MS = 60_000

function statusFrom(url: string): TicketStatus | null {
	const status = new URL(url).searchParams.get('status')
	return TICKET_STATUSES.find((s) => s === status) ?? null
}

export async function loader({ request }: LoaderFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	if (!can(actor, 'manage:tickets')) throw data('Access Denied', { status: 403 })
	const status = statusFrom(request.url)
	const [tickets, stats] = await Promise.all([listTickets(actor, { status: status ?? undefined }), ticketStats(actor)])
	return { status, tickets, stats }
}

export default function DevopsDashboard() {
	const loaded = useLoaderData<typeof loader>()
	const { toast } = useToast()
	const [tickets, setTickets] = useState(loaded.tickets)
	const [stats, setStats] = useState(loaded.stats)
	const [openId, setOpenId] = useState<string | null>(null)
	const [busyId, setBusyId] = useState<string | null>(null)
	const status = loaded.status

	// a new filter (a navigation) brings new loader data
	useEffect(() => {
		setTickets(loaded.tickets)
		setStats(loaded.stats)
	}, [loaded])

	const refreshTickets = useCallback(async () => setTickets(await fetchTickets(status)), [status])
	const refreshStats = useCallback(async () => setStats(await fetchStats()), [])
	// The loader has just delivered both: the first refresh waits an interval.
	usePolling(refreshTickets, TICKETS_REFRESH_MS, true, { immediate: false })
	usePolling(refreshStats, STATS_REFRESH_MS, true, { immediate: false })

	function replace(updated: TicketView) {
		// a ticket that left the filtered status drops out of the list on the next refresh, not under the cursor
		setTickets((list) => list.map((t) => (t.id === updated.id ? updated : t)))
		void refreshStats().catch(() => {})
	}

	function updateFailed() {
		toast({ title: 'Update Failed', description: 'Failed to update ticket', variant: 'destructive' })
	}

	async function quickAction(ticket: TicketView, action: 'start-work' | 'resolve') {
		setBusyId(ticket.id)
		try {
			replace(await runQuickAction(ticket.id, action))
			toast({ title: 'Ticket Updated', description: 'The ticket has been updated successfully.', variant: 'success' })
		} catch {
			updateFailed()
		} finally {
			setBusyId(null)
		}
	}

	async function change(ticketId: string, changes: TicketChange) {
		try {
			replace(await saveTicket(ticketId, changes))
			toast({ title: 'Ticket Updated', description: 'The ticket has been updated successfully.', variant: 'success' })
			return true
		} catch {
			updateFailed()
			return false
		}
	}

	async function comment(ticketId: string, input: { comment: string; isInternal: boolean }) {
		try {
			const added = await postComment(ticketId, input)
			setTickets((list) => list.map((t) => (t.id === ticketId ? { ...t, comments: [...t.comments, added] } : t)))
			toast({ title: 'Comment Added', description: 'Your comment has been added to the ticket.', variant: 'success' })
			return true
		} catch {
			toast({ title: 'Failed to Add Comment', description: 'Unable to add comment', variant: 'destructive' })
			return false
		}
	}

	const openTicket = tickets.find((t) => t.id === openId) ?? null

	return (
		<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div className="flex flex-col gap-1">
					<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">DevOps Dashboard</h1>
					<p className="text-muted-foreground">Support tickets reported by agents.</p>
				</div>
				<Link to="/rendo-ops" className={buttonClasses({ variant: 'outline' })}>
					<ArrowLeft aria-hidden className="size-4" />
					Back to Rendo Ops
				</Link>
			</div>
			<TicketStatCards stats={stats} />
			<TicketFilter current={status} />
			{tickets.length ? (
				<ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
					{tickets.map((ticket) => (
						<li key={ticket.id}>
							<TicketCard
								ticket={ticket}
								busy={busyId === ticket.id}
								onQuickAction={(action) => quickAction(ticket, action)}
								onOpen={() => setOpenId(ticket.id)}
							/>
						</li>
					))}
				</ul>
			) : (
				<p className="rounded-xl border border-dashed border-gray-300 p-10 text-center text-muted-foreground">
					No tickets found for the selected filter
				</p>
			)}
			<TicketDialog
				ticket={openTicket}
				onClose={() => setOpenId(null)}
				onChange={(c) => change(openTicket!.id, c)}
				onComment={(input) => comment(openTicket!.id, input)}
			/>
		</div>
	)
}

export function ErrorBoundary() {
	return (
		<GeneralErrorBoundary
			statusHandlers={{ 403: () => <AccessDenied what="The DevOps dashboard is for administrators only." /> }}
		/>
	)
}
