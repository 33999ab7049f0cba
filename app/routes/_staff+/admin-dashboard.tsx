import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation, useSearchParams } from '@remix-run/react'
import { Filter, Plus, Search } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { AdminStats, AnalyticsPlaceholder } from '#app/components/admin/admin-stats.tsx'
import { TransformationDialog } from '#app/components/admin/transformation-dialog.tsx'
import { isAwaiting } from '#app/components/admin/transformation-status.tsx'
import { TransformationTable } from '#app/components/admin/transformation-table.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AccessDenied } from '#app/components/ops/access-denied.tsx'
import { styleLabel } from '#core/studio/labels.ts'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { LinkTabs } from '#app/components/ui/link-tabs.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { keepDataWhenOnlyChanging, withSearchParam } from '#app/utils/search-params.ts'
import { can } from '#core/accounts/actor.ts'
import { listAllTransformations } from '#core/ops/admin-transformations.ts'
import type { TransformationView } from '#core/transformations/views.ts'

// /admin re-exports this module: one screen, two addresses (spec 01 §2).

export const meta: MetaFunction = () => [{ title: 'Admin Dashboard | Rendo' }]

const RECENT = 5
const STATUS_FILTERS = [
	{ value: 'all', label: 'All statuses' },
	{ value: 'awaiting', label: 'Pending / awaiting processing' },
	{ value: 'completed', label: 'Completed' },
	{ value: 'failed', label: 'Failed' },
] as const
type StatusFilter = (typeof STATUS_FILTERS)[number]['value']
// The page's view lives in the URL (search, status, tab, open transformation), so it works without JavaScript.
const VIEW_PARAMS = ['q', 'status', 'tab', 'view']

function statusFilter(value: string | null): StatusFilter {
	return STATUS_FILTERS.find((f) => f.value === value)?.value ?? 'all'
}

export async function loader({ request }: LoaderFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	if (!can(actor, 'view:admin-dashboard')) throw data('Access Denied', { status: 403 })
	return { transformations: await listAllTransformations(actor) }
}

/** Searching and filtering happen in the browser over the loaded list: a new view does not reload it. */
export const shouldRevalidate = keepDataWhenOnlyChanging(...VIEW_PARAMS)

function matches(t: TransformationView, query: string, status: StatusFilter) {
	if (status === 'awaiting' ? !isAwaiting(t.status) : status !== 'all' && t.status !== status) return false
	if (!query) return true
	return [t.id, t.userId, t.style, styleLabel(t.style), t.status, t.propertyUrl ?? '', ...t.areas].some((field) =>
		field.toLowerCase().includes(query),
	)
}

function EmptyState({ children }: { children: string }) {
	return (
		<p className="rounded-xl border border-dashed border-gray-300 p-10 text-center text-muted-foreground">{children}</p>
	)
}

/** Search and the status filter: a GET form (Apply without JavaScript); with it, the list narrows as one types. */
function SearchForm({
	search,
	onSearch,
	status,
	onStatus,
	tab,
}: {
	search: string
	onSearch: (value: string) => void
	status: StatusFilter
	onStatus: (value: StatusFilter) => void
	tab: string | null
}) {
	const hydrated = useHydrated()
	const [showFilter, setShowFilter] = useState(status !== 'all')
	const ids = { search: useId(), filter: useId() }
	return (
		<Form method="get" preventScrollReset className="flex flex-col gap-4">
			{tab ? <input type="hidden" name="tab" value={tab} /> : null}
			<div className="flex gap-2">
				<div className="relative flex-1">
					<label htmlFor={ids.search} className="sr-only">
						Search transformations
					</label>
					<Search
						aria-hidden
						className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
					/>
					<input
						id={ids.search}
						type="search"
						name="q"
						value={search}
						onChange={(e) => onSearch(e.target.value)}
						placeholder="Search by ID, user, style or status"
						className="h-11 w-full rounded-md border border-gray-300 bg-white pr-3 pl-9 text-base shadow-sm"
					/>
				</div>
				{/* without JavaScript the filter is always shown, and applied with its own button */}
				{hydrated ? (
					<Button
						variant="outline"
						aria-expanded={showFilter}
						aria-controls={ids.filter}
						onClick={() => setShowFilter((v) => !v)}
					>
						<Filter aria-hidden className="size-4" />
						Filter
					</Button>
				) : null}
			</div>
			{showFilter || !hydrated ? (
				<div id={ids.filter} className="flex flex-wrap items-end gap-2">
					<div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-xs">
						<label htmlFor={`${ids.filter}-status`} className="text-sm font-medium">
							Status
						</label>
						<select
							id={`${ids.filter}-status`}
							name="status"
							value={status}
							onChange={(e) => onStatus(statusFilter(e.target.value))}
							className="h-11 rounded-md border border-gray-300 bg-white px-3 text-base shadow-sm"
						>
							{STATUS_FILTERS.map((f) => (
								<option key={f.value} value={f.value}>
									{f.label}
								</option>
							))}
						</select>
					</div>
					{hydrated ? null : (
						<Button type="submit" variant="outline">
							Apply
						</Button>
					)}
				</div>
			) : null}
		</Form>
	)
}

export default function AdminDashboard() {
	const { transformations } = useLoaderData<typeof loader>()
	const [searchParams] = useSearchParams()
	const { search: locationSearch } = useLocation()
	// With JavaScript the list narrows as one types; the address only seeds the fields.
	const [search, setSearch] = useState(searchParams.get('q') ?? '')
	const [status, setStatus] = useState<StatusFilter>(statusFilter(searchParams.get('status')))
	const viewing = searchParams.get('view')
	const tab = searchParams.get('tab')

	const query = search.trim().toLowerCase()
	const filtered = useMemo(
		() => transformations.filter((t) => matches(t, query, status)),
		[transformations, query, status],
	)
	const narrowed = query !== '' || status !== 'all'

	function list(items: TransformationView[]) {
		if (!transformations.length) return <EmptyState>No transformations found</EmptyState>
		if (!items.length) return <EmptyState>No transformations match your search</EmptyState>
		return <TransformationTable items={items} viewHref={(id) => withSearchParam(locationSearch, 'view', id)} />
	}

	return (
		<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-col gap-4">
				<div className="flex flex-wrap items-center justify-between gap-3">
					<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Admin Dashboard</h1>
					<Link to="/#transform" className={buttonClasses()}>
						<Plus aria-hidden className="size-4" />
						Create New
					</Link>
				</div>
				<SearchForm search={search} onSearch={setSearch} status={status} onStatus={setStatus} tab={tab} />
			</div>
			<LinkTabs
				label="Dashboard sections"
				tabs={[
					{
						value: 'overview',
						label: 'Overview',
						content: (
							<div className="flex flex-col gap-6">
								<AdminStats items={transformations} />
								<AnalyticsPlaceholder />
								<section aria-labelledby="recent-heading" className="flex flex-col gap-3">
									<h2 id="recent-heading" className="text-lg font-semibold text-gray-900">
										Recent Transformations
									</h2>
									{list(narrowed ? filtered.slice(0, RECENT) : transformations.slice(0, RECENT))}
								</section>
							</div>
						),
					},
					{ value: 'all', label: 'All Transformations', content: list(filtered) },
				]}
			/>
			<TransformationDialog
				item={transformations.find((t) => t.id === viewing) ?? null}
				closeTo={withSearchParam(locationSearch, 'view', null)}
			/>
		</div>
	)
}

export function ErrorBoundary() {
	const loadError = () => (
		<div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
			<h1 className="text-2xl font-bold text-gray-900">Admin Dashboard</h1>
			<p className="mt-2 text-muted-foreground">Error loading transformations</p>
		</div>
	)
	return (
		<GeneralErrorBoundary
			statusHandlers={{ 403: () => <AccessDenied what="The admin dashboard is for administrators only." /> }}
			unexpectedErrorHandler={loadError}
		/>
	)
}
