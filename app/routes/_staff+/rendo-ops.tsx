import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Ticket } from 'lucide-react'
import { useCallback, useState } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AccessDenied } from '#app/components/ops/access-denied.tsx'
import { AlertsPanel } from '#app/components/ops/alerts-panel.tsx'
import { requestJson } from '#app/components/ops/api-client.ts'
import { OpsOverview } from '#app/components/ops/ops-overview.tsx'
import {
	AgentsTab,
	CapacityTab,
	EconomicsTab,
	FinancialTab,
	GrowthTab,
	type Capacity,
} from '#app/components/ops/ops-tabs.tsx'
import { usePolling } from '#app/components/studio/use-polling.ts'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { Tabs } from '#app/components/ui/tabs.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { can } from '#core/accounts/actor.ts'
import { capacityAutomation } from '#core/ops/capacity.ts'
import { opsDashboard, type OpsDashboard } from '#core/ops/dashboard.ts'

export const meta: MetaFunction = () => [{ title: 'Rendo Ops | Rendo' }]

// spec 02 §7, §9: the dashboard every 30 s, capacity every 60 s
const DASHBOARD_REFRESH_MS = 30_000
const CAPACITY_REFRESH_MS = 60_000

export async function loader({ request }: LoaderFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	if (!can(actor, 'view:ops')) throw data('Access Denied', { status: 403 })
	const [dashboard, capacity] = await Promise.all([opsDashboard(actor), capacityAutomation(actor)])
	return { dashboard, capacity }
}

export default function RendoOps() {
	const loaded = useLoaderData<typeof loader>()
	const [dashboard, setDashboard] = useState<OpsDashboard>(loaded.dashboard)
	const [capacity, setCapacity] = useState<Capacity | null>(loaded.capacity)
	const [errors, setErrors] = useState<{ dashboard?: boolean; capacity?: boolean }>({})

	const refreshDashboard = useCallback(async () => {
		try {
			setDashboard(await requestJson<OpsDashboard>('/api/rendo-ops/dashboard'))
			setErrors((e) => ({ ...e, dashboard: false }))
		} catch {
			setErrors((e) => ({ ...e, dashboard: true }))
		}
	}, [])
	const refreshCapacity = useCallback(async () => {
		try {
			setCapacity(await requestJson<Capacity>('/api/rendo-ops/capacity-automation'))
			setErrors((e) => ({ ...e, capacity: false }))
		} catch {
			setErrors((e) => ({ ...e, capacity: true }))
		}
	}, [])
	// The loader has just delivered both: the first refresh waits an interval.
	usePolling(refreshDashboard, DASHBOARD_REFRESH_MS, true, { immediate: false })
	usePolling(refreshCapacity, CAPACITY_REFRESH_MS, true, { immediate: false })

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
			{errors.dashboard ? (
				<p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-destructive">
					Failed to load operational data
				</p>
			) : null}
			{errors.capacity ? (
				<p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-destructive">
					Failed to load capacity data
				</p>
			) : null}
			<AlertsPanel alerts={alerts} />
			<OpsOverview data={dashboard} />
			<Tabs
				label="Dashboard sections"
				tabs={[
					{ label: 'Financial', content: <FinancialTab data={dashboard} /> },
					{ label: 'Economics', content: <EconomicsTab data={dashboard} /> },
					{ label: 'Agents', content: <AgentsTab data={dashboard} /> },
					{ label: 'API Capacity', content: <CapacityTab capacity={capacity} /> },
					{ label: 'Growth', content: <GrowthTab data={dashboard} /> },
				]}
			/>
		</div>
	)
}

export function ErrorBoundary() {
	const loadError = () => (
		<div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
			<h1 className="text-2xl font-bold text-gray-900">Rendo Ops</h1>
			<p className="mt-2 text-muted-foreground">Failed to load operational data</p>
		</div>
	)
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				403: () => <AccessDenied what="The operations dashboard is for the CEO and administrators." />,
			}}
			unexpectedErrorHandler={loadError}
		/>
	)
}
