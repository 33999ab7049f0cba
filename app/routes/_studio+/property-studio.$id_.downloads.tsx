import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useRevalidator } from '@remix-run/react'
import {
	ArrowLeft,
	CircleAlert,
	CircleCheck,
	FileArchive,
	FolderOpen,
	MapPin,
	PackageOpen,
	RefreshCw,
	User,
} from 'lucide-react'
import { useEffect } from 'react'
import { CompletionScreen, type CompletionSummary } from '#app/components/checkout/completion-screen.tsx'
import { AssetCard, AssetSkeleton } from '#app/components/downloads/asset-card.tsx'
import { OriginalsSection } from '#app/components/downloads/originals-section.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { formatShortDate } from '#app/components/studio/labels.ts'
import { PropertyNotFoundPanel, StudioErrorPanel } from '#app/components/studio/studio-error-panel.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { requireSessionUser } from '#app/utils/auth.server.ts'
import { takeCompletion } from '#app/utils/checkout.server.ts'
import { cn } from '#app/utils/cn.ts'
import { dispatchIntent } from '#app/utils/intents.server.ts'
import { originalsIntents } from './originals-intents.server.ts'
import { orPropertyNotFound } from './property-not-found.server.ts'
import { type MarketCode, marketOf } from '#core/disclosure/markets.ts'
import { originalsPageFor, shortOriginalsAddress } from '#core/disclosure/originals-address.ts'
import { logger } from '#core/platform/logger.ts'
import { downloadsOverview, listDownloadAssets, type DownloadAsset } from '#core/studio/downloads.ts'
import type { ProjectView } from '#core/studio/views.ts'
import { pluralise } from '#core/studio/labels.ts'

// While the completion's clean-up makes the final images, the page looks again this often.
const PREPARING_POLL_MS = 2_000

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data ? `Downloads: ${data.overview.project.propertyAddress} | Rendo` : 'Downloads | Rendo' },
]

type Overview = Awaited<ReturnType<typeof downloadsOverview>>

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	const id = params.id ?? ''
	const overview = await orPropertyNotFound(downloadsOverview(actor, id))
	const { summary: completion, headers } = await takeCompletion(request, id)
	// Awaited, not streamed: a streamed list only shows once a script swaps it in, and the page
	// must work without JavaScript. A failed list is the page's own error state, not a crash.
	const assets = overview.preparing
		? null
		: await listDownloadAssets(actor, id).catch((error: unknown) => {
				logger.error({ err: error, projectId: id }, 'download assets not listed')
				return 'failed' as const
			})
	const page = await originalsPageFor(actor, id)
	const originals = { url: page.url, shortAddress: shortOriginalsAddress(page.token), enabled: page.enabled }
	return data({ overview, assets, completion, originals }, { headers })
}

/** The originals page's controls (`?intent=originals-*`), plain form posts answered with a redirect and a toast. */
export async function action({ request, params }: ActionFunctionArgs) {
	const { actor } = await requireSessionUser(request)
	return dispatchIntent(request, originalsIntents, { actor, projectId: params.id ?? '' })
}

/** Re-reads the page every 2 s while the final images are being made. */
function useRefreshWhilePreparing(preparing: boolean) {
	const revalidator = useRevalidator()
	useEffect(() => {
		if (!preparing) return
		const timer = setInterval(() => {
			if (revalidator.state === 'idle') revalidator.revalidate()
		}, PREPARING_POLL_MS)
		return () => clearInterval(timer)
	}, [preparing, revalidator])
}

/** While the final images are made: with JavaScript the page re-reads itself, without it the browser reloads. */
function PreparingNotice() {
	return (
		<>
			<noscript>
				<meta httpEquiv="refresh" content={String(PREPARING_POLL_MS / 1000)} />
			</noscript>
			<AssetSkeleton label="Preparing your images..." />
		</>
	)
}

function Header({ overview }: { overview: Overview }) {
	const { project } = overview
	const counts = [
		{ label: 'Favorited assets', value: String(overview.assetCount) },
		{ label: 'Rooms processed', value: String(overview.roomsProcessed) },
		{ label: 'Completion date', value: project.completedAt ? formatShortDate(project.completedAt) : 'Recently' },
	]
	return (
		<header className="flex flex-col gap-4">
			<Link to="/property-studio" className={cn(buttonClasses({ variant: 'ghost' }), '-ml-3 self-start')}>
				<ArrowLeft aria-hidden className="size-4" />
				Back to Studio
			</Link>
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div className="flex min-w-0 flex-col gap-1">
					<p className="text-sm font-medium text-muted-foreground">Downloads</p>
					<h1 className="flex items-start gap-2 text-2xl font-bold tracking-tight break-words text-gray-900 sm:text-3xl">
						<MapPin aria-hidden className="mt-1.5 size-5 shrink-0 text-brand" />
						{project.propertyAddress}
					</h1>
					{project.clientName ? (
						<p className="flex items-center gap-2 text-sm text-muted-foreground">
							<User aria-hidden className="size-4" />
							<span className="sr-only">Client: </span>
							{project.clientName}
						</p>
					) : null}
				</div>
				{project.status === 'completed' ? (
					<span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">
						<CircleCheck aria-hidden className="size-4" />
						Completed
					</span>
				) : null}
			</div>
			<dl className="grid grid-cols-3 gap-3">
				{counts.map(({ label, value }) => (
					<div key={label} className="flex flex-col-reverse gap-1 rounded-xl bg-muted p-3 text-center sm:p-4">
						<dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
						<dd className="text-lg font-bold text-brand tabular-nums sm:text-2xl">{value}</dd>
					</div>
				))}
			</dl>
		</header>
	)
}

function NoDownloads({ projectId }: { projectId: string }) {
	return (
		<div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 px-4 py-12 text-center">
			<PackageOpen aria-hidden className="size-10 text-muted-foreground" />
			<h2 className="text-lg font-semibold text-gray-900">No Downloads Available</h2>
			<p className="max-w-sm text-sm text-muted-foreground">
				Complete the project to receive your favourited images here.
			</p>
			<Link to={`/property-studio/${projectId}`} className={buttonClasses({ variant: 'outline' })}>
				<FolderOpen aria-hidden className="size-4" />
				View Project Details
			</Link>
		</div>
	)
}

function AssetList({ project, assets, market }: { project: ProjectView; assets: DownloadAsset[]; market: MarketCode }) {
	const { toast } = useToast()
	if (!assets.length) return <NoDownloads projectId={project.id} />
	const token = JSON.stringify(assets.map((a) => a.id))
	const bulkUrl = `/api/property-studio/download/bulk?${new URLSearchParams({ projectId: project.id, token })}`
	const started = (description: string) => toast({ title: 'Download Started', description, variant: 'success' })
	// For the agency's portals or MLS: each image beside its original, a README and a manifest of what was altered.
	const packUrl = `/api/property-studio/projects/${project.id}/pack`
	return (
		<div className="flex flex-col gap-4">
			<div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
				<a
					href={bulkUrl}
					download
					onClick={() => started(`A ZIP of ${pluralise(assets.length, 'image')} is on its way.`)}
					className={cn(buttonClasses({ size: 'lg' }), 'self-stretch sm:self-start')}
				>
					<PackageOpen aria-hidden className="size-5" />
					Download All Assets ({pluralise(assets.length, 'file')})
				</a>
				<a
					href={packUrl}
					download
					onClick={() => started('A ZIP of each image beside its original, with a manifest, is on its way.')}
					className={cn(buttonClasses({ size: 'lg', variant: 'outline' }), 'self-stretch sm:self-start')}
				>
					<FileArchive aria-hidden className="size-5" />
					Download listing pack
				</a>
			</div>
			<p className="text-sm text-muted-foreground">
				The listing pack pairs each image with its original photo and lists what was altered, for{' '}
				{marketOf(market).uploads}.
			</p>
			<ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
				{assets.map((asset) => (
					<AssetCard key={asset.id} asset={asset} onDownload={() => started(asset.filename)} />
				))}
			</ul>
		</div>
	)
}

function AssetsError() {
	const { toast } = useToast()
	useEffect(() => {
		toast({
			title: 'Error Loading Downloads',
			description: 'Failed to load your download assets',
			variant: 'destructive',
		})
	}, [toast])
	return (
		<div
			role="alert"
			className="flex flex-col items-center gap-3 rounded-xl bg-red-50 px-4 py-10 text-center text-destructive"
		>
			<CircleAlert aria-hidden className="size-8" />
			<p className="font-semibold">Failed to load your download assets</p>
			{/* Reading the page again, a plain link's worth of form so it works without JavaScript. */}
			<Form method="get">
				<Button type="submit" variant="outline">
					<RefreshCw aria-hidden className="size-4" />
					Try Again
				</Button>
			</Form>
		</div>
	)
}

/** Once, right after the completing post: 'Project Complete', then on to the project list. */
function JustCompleted({ overview, completion }: { overview: Overview; completion: CompletionSummary }) {
	return (
		<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
			<h1 className="flex items-start gap-2 text-2xl font-bold tracking-tight break-words text-gray-900 sm:text-3xl">
				<MapPin aria-hidden className="mt-1.5 size-5 shrink-0 text-brand" />
				{overview.project.propertyAddress}
			</h1>
			<CompletionScreen summary={completion} />
		</div>
	)
}

export default function DownloadsPage() {
	const { overview, assets, completion, originals } = useLoaderData<typeof loader>()
	useRefreshWhilePreparing(overview.preparing && !completion)
	if (completion) return <JustCompleted overview={overview} completion={completion} />
	return (
		<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
			<Header overview={overview} />
			<section aria-label="Your images" className="flex flex-col gap-4">
				{overview.preparing || !assets ? (
					<PreparingNotice />
				) : assets === 'failed' ? (
					<AssetsError />
				) : (
					<AssetList project={overview.project} assets={assets} market={overview.market} />
				)}
			</section>
			<OriginalsSection page={originals} market={overview.market} />
		</div>
	)
}

export function ErrorBoundary() {
	const loadError = () => (
		<StudioErrorPanel title="Error Loading Downloads">
			<p>Failed to load your download assets</p>
		</StudioErrorPanel>
	)
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				404: () => <PropertyNotFoundPanel />,
			}}
			defaultStatusHandler={loadError}
			unexpectedErrorHandler={loadError}
		/>
	)
}
