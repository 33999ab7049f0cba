import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRevalidator } from '@remix-run/react'
import { Ticket } from 'lucide-react'
import { useRef } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AccessDenied } from '#app/components/ops/access-denied.tsx'
import { AlertsPanel } from '#app/components/ops/alerts-panel.tsx'
import { OpsOverview } from '#app/components/ops/ops-overview.tsx'
import { AgentsTab, CapacityTab, EconomicsTab, FinancialTab, GrowthTab } from '#app/components/ops/ops-tabs.tsx'
import { usePolling } from '#app/components/studio/use-polling.ts'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { LinkTabs } from '#app/components/ui/link-tabs.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { keepDataWhenOnlyChanging } from '#app/utils/search-params.ts'
import { can } from '#core/accounts/actor.ts'
import { capacityAutomation } from '#core/ops/capacity.ts'
import { opsDashboard } from '#core/ops/dashboard.ts'
import { logger } from '#core/platform/logger.ts'

export const meta: MetaFunction = () => [{ title: 'Rendo Ops | Rendo' }]

// spec 02 §7, §9: the dashboard every 30 s (capacity every 60 s): one loader brings both, so the faster pace wins
const REFRESH_MS = 30_000

/** A figure that failed to load is null (the page says so and keeps the last one it had). */
async function orNull<T>(what: string, load: Promise<T>) {
	try {
		return await load
	} catch (error) {
		logger.error({ err: error }, `rendo-ops: ${what} failed to load`)
		return null
	}
}

export async function loader({ request }: LoaderFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	if (!can(actor, 'view:ops')) throw data('Access Denied', { status: 403 })
	const [dashboard, capacity] = await Promise.all([
		orNull('dashboard', opsDashboard(actor)),
		orNull('capacity', capacityAutomation(actor)),
	])
	return { dashboard, capacity }
}

/** A tab is a view of the same figures: choosing one does not reload them. */
export const shouldRevalidate = keepDataWhenOnlyChanging('tab')

/** The last value that loaded: a failed refresh keeps showing it under the error (spec 02 §8). */
function useLastLoaded<T>(value: T | null) {
	const last = useRef(value)
	if (value !== null) last.current = value
	return last.current
}

function LoadError({ children }: { children: string }) {
	return (
		<p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-destructive">
			{children}
		</p>
	)
}

export default function RendoOps() {
	const loaded = useLoaderData<typeof loader>()
	const dashboard = useLastLoaded(loaded.dashboard)
	const capacity = useLastLoaded(loaded.capacity)
	const revalidator = useRevalidator()
	// The loader has just delivered the figures: the first refresh waits an interval.
	usePolling(() => revalidator.revalidate(), REFRESH_MS, true, { immediate: false })
	if (!dashboard) return <OpsLoadError />

	const alerts = [
		...dashboard.alerts,
		...(capacity?.alerts.map((a) => ({
			type: a.type,
			title: a.title,
			message: a.message,
			action: a.automatedAction,
		})) ?? []),
	]

	return (
		<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div className="flex flex-col gap-1">
					<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Rendo Ops</h1>
					<p className="text-sm text-muted-foreground">
						<span className="mr-1.5 inline-block size-2 rounded-full bg-green-500" aria-hidden />
						Live · updated {new Date(dashboard.generatedAt).toLocaleTimeString('en-GB')}
					</p>
				</div>
				<Link to="/devops-dashboard" className={buttonClasses({ variant: 'outline' })}>
					<Ticket aria-hidden className="size-4" />
					Support Tickets
				</Link>
			</div>
			{loaded.dashboard ? null : <LoadError>Failed to load operational data</LoadError>}
			{loaded.capacity ? null : <LoadError>Failed to load capacity data</LoadError>}
			<AlertsPanel alerts={alerts} />
			<OpsOverview data={dashboard} />
			<LinkTabs
				label="Dashboard sections"
				tabs={[
					{ value: 'financial', label: 'Financial', content: <FinancialTab data={dashboard} /> },
					{ value: 'economics', label: 'Economics', content: <EconomicsTab data={dashboard} /> },
					{ value: 'agents', label: 'Agents', content: <AgentsTab data={dashboard} /> },
					{ value: 'api-capacity', label: 'API Capacity', content: <CapacityTab capacity={capacity} /> },
					{ value: 'growth', label: 'Growth', content: <GrowthTab data={dashboard} /> },
				]}
			/>
		</div>
	)
}

function OpsLoadError() {
	return (
		<div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
			<h1 className="text-2xl font-bold text-gray-900">Rendo Ops</h1>
			<p className="mt-2 text-muted-foreground">Failed to load operational data</p>
		</div>
	)
}

export function ErrorBoundary() {
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				403: () => <AccessDenied what="The operations dashboard is for the CEO and administrators." />,
			}}
			unexpectedErrorHandler={() => <OpsLoadError />}
		/>
	)
}
