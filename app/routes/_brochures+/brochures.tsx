import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useRevalidator, useSearchParams } from '@remix-run/react'
import { FileText, Palette, Send } from 'lucide-react'
import { useEffect } from 'react'
import { BrochureCard } from '#app/components/brochures/brochure-card.tsx'
import { SendToBuyerDialog, type SendReply } from '#app/components/brochures/send-to-buyer-dialog.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { StudioErrorPanel } from '#app/components/studio/studio-error-panel.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { dispatchIntent } from '#app/utils/intents.server.ts'
import { useOpenFromAddress } from '#app/utils/use-open-from-address.ts'
import { listAgentBrochures, type AgentBrochure } from '#core/brochures/agent-brochures.ts'
import { pluralise } from '#core/studio/labels.ts'
import { brochureIntents } from './brochure-intents.server.ts'

// /brochure-dashboard re-exports this module: one screen, two addresses (spec 02 §2).

export const meta: MetaFunction = () => [{ title: 'Brochure Dashboard | Rendo' }]

export async function loader({ request }: LoaderFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	return { brochures: await listAgentBrochures(actor) }
}

/** ?intent=send (the Send to Buyer dialog) and ?intent=regenerate (a card's Rebuild). */
export async function action({ request }: ActionFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	return dispatchIntent(request, brochureIntents, { request, actor })
}

const REFRESH_MS = 4_000

/** While a brochure is being prepared, the list refreshes itself until it is ready. */
function useRefreshWhilePreparing(brochures: AgentBrochure[]) {
	const { revalidate, state } = useRevalidator()
	const preparing = brochures.some((b) => b.status === 'processing')
	useEffect(() => {
		if (!preparing || state !== 'idle') return
		const timer = setTimeout(revalidate, REFRESH_MS)
		return () => clearTimeout(timer)
	}, [preparing, state, revalidate])
}

function EmptyBrochures() {
	return (
		<div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
			<FileText aria-hidden className="size-10 text-brand" />
			<div className="flex flex-col gap-1">
				<h2 className="text-lg font-semibold text-gray-900">No Brochures Yet</h2>
				<p className="max-w-md text-muted-foreground">
					Send a client’s preferences after a viewing and their brochure appears here, ready to preview and send.
				</p>
			</div>
			<div className="flex flex-col gap-3 sm:flex-row">
				<Link to="/client-preferences" className={buttonClasses()}>
					<Send aria-hidden className="size-4" />
					Client Preferences
				</Link>
				<Link to="/test-brochure" className={buttonClasses({ variant: 'outline' })}>
					Generate Test Brochure
				</Link>
			</div>
		</div>
	)
}

export default function BrochureDashboard() {
	const { brochures } = useLoaderData<typeof loader>()
	const refused = useActionData<SendReply>()
	useRefreshWhilePreparing(brochures)
	// Send to Buyer opens from ?send=<id> too (and a refused no-JavaScript post reopens it).
	const [searchParams] = useSearchParams()
	const dialog = useOpenFromAddress(searchParams.get('send') ?? refused?.brochureId ?? null)
	const sending = brochures.find((b) => b.id === dialog.value && b.status === 'ready')

	return (
		<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div className="flex flex-col gap-1">
					<h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Brochure Dashboard</h1>
					<p className="text-muted-foreground">
						{brochures.length
							? pluralise(brochures.length, 'brochure')
							: 'Branded post-viewing brochures for your buyers.'}
					</p>
				</div>
				<div className="flex flex-wrap gap-2">
					<Link to="/agent-onboarding" className={buttonClasses({ variant: 'outline' })}>
						<Palette aria-hidden className="size-4" />
						Brand Settings
					</Link>
					<Link to="/client-preferences" className={buttonClasses()}>
						<Send aria-hidden className="size-4" />
						New Brochure
					</Link>
				</div>
			</div>
			{brochures.length ? (
				<ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
					{brochures.map((brochure) => (
						<li key={brochure.id}>
							<BrochureCard brochure={brochure} onSend={dialog.open(brochure.id)} />
						</li>
					))}
				</ul>
			) : (
				<EmptyBrochures />
			)}
			{sending ? (
				<SendToBuyerDialog
					key={sending.id}
					brochure={sending}
					onClose={dialog.close}
					closeHref={dialog.closeHref}
					refused={refused?.brochureId === sending.id ? refused.result : undefined}
				/>
			) : null}
		</div>
	)
}

export function ErrorBoundary() {
	const loadError = () => (
		<StudioErrorPanel title="Error Loading Brochures">
			<p>Failed to load your brochures</p>
		</StudioErrorPanel>
	)
	return <GeneralErrorBoundary defaultStatusHandler={loadError} unexpectedErrorHandler={loadError} />
}
