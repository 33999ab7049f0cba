import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useRevalidator, useSearchParams } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AccessDenied } from '#app/components/ops/access-denied.tsx'
import { usePolling } from '#app/components/studio/use-polling.ts'
import { TicketCard } from '#app/components/tickets/ticket-card.tsx'
import { TicketDialog } from '#app/components/tickets/ticket-dialog.tsx'
import { TicketFilter } from '#app/components/tickets/ticket-filter.tsx'
import { TicketStatCards } from '#app/components/tickets/ticket-stat-cards.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { dispatchIntent } from '#app/utils/intents.server.ts'
import { keepDataWhenOnlyChanging, withSearchParam } from '#app/utils/search-params.ts'
import { can, type Actor } from '#core/accounts/actor.ts'
import { NotFoundError } from '#core/errors.ts'
import { TICKET_STATUSES, type TicketStatus } from '#core/tickets/ticket.schema.ts'
import { getTicketForStaff, listTickets, ticketStats } from '#core/tickets/tickets.ts'
import { ticketIntents } from './devops-intents.server.ts'

export const meta: MetaFunction = () => [{ title: 'DevOps Dashboard | Rendo' }]

// spec 02 §9: tickets every 30 s, stats every 60 s; one loader brings both, so the faster pace wins
const REFRESH_MS = 30_000

function statusFrom(url: URL): TicketStatus | null {
	const status = url.searchParams.get('status')
	return TICKET_STATUSES.find((s) => s === status) ?? null
}

async function requireStaff(request: Request) {
	const { actor } = await requireSessionUser(request)
	if (!can(actor, 'manage:tickets')) throw data('Access Denied', { status: 403 })
	return actor
}

/** The ticket named by `?ticket=` (the details dialog as a page state), or null when there is none. */
async function openTicket(actor: Actor, url: URL) {
	const id = url.searchParams.get('ticket')
	if (!id) return null
	return getTicketForStaff(actor, id).catch((error) => {
		if (error instanceof NotFoundError) return null
		throw error
	})
}

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireStaff(request)
	const url = new URL(request.url)
	const status = statusFrom(url)
	const [tickets, stats, ticket] = await Promise.all([
		listTickets(actor, { status: status ?? undefined }),
		ticketStats(actor),
		openTicket(actor, url),
	])
	return { status, tickets, stats, ticket }
}

/** Every mutation of the dashboard, posted to `?intent=<name>` (see devops-intents.server.ts). */
export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireStaff(request)
	return dispatchIntent(request, ticketIntents, { request, actor })
}

/**
 * Opening or closing the dialog of a listed ticket changes only `?ticket=`: the list already
 * holds it, so the page does not reload (a ticket outside the list is loaded by a real visit).
 */
export const shouldRevalidate = keepDataWhenOnlyChanging('ticket')

export default function DevopsDashboard() {
	const { status, tickets, stats, ticket } = useLoaderData<typeof loader>()
	const { search } = useLocation()
	const [searchParams] = useSearchParams()
	const revalidator = useRevalidator()
	// The loader has just delivered the page: the first refresh waits an interval.
	usePolling(() => revalidator.revalidate(), REFRESH_MS, true, { immediate: false })

	const openId = searchParams.get('ticket')
	// a listed ticket shows its latest state; one outside the list (another filter, a number in the address) is the loader's
	const loadedFor = (id: string) =>
		ticket && (ticket.id === id || ticket.ticketNumber === id.toUpperCase()) ? ticket : null
	const shown = openId ? (tickets.find((t) => t.id === openId) ?? loadedFor(openId)) : null

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
			<TicketDialog ticket={shown} closeTo={withSearchParam(search, 'ticket', null)} />
			<TicketStatCards stats={stats} />
			<TicketFilter current={status} />
			{tickets.length ? (
				<ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
					{tickets.map((t) => (
						<li key={t.id}>
							<TicketCard ticket={t} />
						</li>
					))}
				</ul>
			) : (
				<p className="rounded-xl border border-dashed border-gray-300 p-10 text-center text-muted-foreground">
					No tickets found for the selected filter
				</p>
			)}
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
