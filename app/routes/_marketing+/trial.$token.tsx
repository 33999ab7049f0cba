import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useParams } from '@remix-run/react'
import { ArrowRight, Download, Hourglass, ImageOff, RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary, LinkNotFound } from '#app/components/error-boundary.tsx'
import { getStartedLink } from '#app/components/site-header.tsx'
import { BeforeAfter } from '#app/components/ui/before-after.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { useRootData } from '#app/root.tsx'
import { cn } from '#app/utils/cn.ts'
import { NotFoundError } from '#core/errors.ts'
import { viewTrial, type TrialView } from '#core/leads/trial-page.ts'
import { TRIAL_ROOM_LABELS, TRIAL_STYLE_LABELS, type TrialRoomType } from '#core/leads/trial.schema.ts'
import type { Style } from '#core/render/provider.ts'

export const meta: MetaFunction = () => [
	{ title: 'Your free transformation | Rendo' },
	// A private link: it must not end up in search results.
	{ name: 'robots', content: 'noindex' },
]

export async function loader({ params }: LoaderFunctionArgs) {
	try {
		return await viewTrial(params.token!)
	} catch (error) {
		if (error instanceof NotFoundError) throw new Response(error.message, { status: 404 })
		throw error
	}
}

function describe(trial: Pick<TrialView, 'roomType' | 'style'>) {
	const room = TRIAL_ROOM_LABELS[trial.roomType as TrialRoomType] ?? 'Room'
	const style = TRIAL_STYLE_LABELS[trial.style as Style]
	return { room, style: style ?? 'Staged' }
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
	return (
		<div className="flex flex-col items-start gap-3 rounded-2xl border border-gray-200 bg-muted p-6">
			<span className="text-brand">{icon}</span>
			<h2 className="text-xl font-semibold text-gray-900">{title}</h2>
			{children}
		</div>
	)
}

function Result({ token, trial }: { token: string; trial: TrialView }) {
	const { room, style } = describe(trial)
	if (trial.hasStaged)
		return (
			<div className="flex flex-col gap-3">
				<BeforeAfter
					before={{ src: `/trial/${token}/before`, alt: `${room}, before` }}
					after={{ src: `/trial/${token}/after`, alt: `${room}, ${style}` }}
					label={room}
					eager
				/>
				<p className="text-sm text-muted-foreground">
					Drag across the photo to compare.{' '}
					{trial.isPreview
						? 'This is a colour preview of the style from our preview renderer; full staging also restyles the furniture.'
						: null}
				</p>
				<a
					href={`/trial/${token}/after`}
					download="rendo-staged.jpg"
					className={cn(buttonClasses({ variant: 'outline' }), 'self-start')}
				>
					<Download aria-hidden className="size-4" />
					Download the staged photo
				</a>
			</div>
		)
	if (trial.status === 'failed')
		return (
			<Notice icon={<ImageOff aria-hidden className="size-7" />} title="We couldn't transform this photo">
				<p className="text-gray-700">
					Something went wrong while staging your photo. We're sorry: our team has been told.
				</p>
			</Notice>
		)
	return (
		<Notice icon={<Hourglass aria-hidden className="size-7" />} title="Transformation in Progress!">
			<p className="text-gray-700">Your photo is still being staged. We'll e-mail you as soon as it is ready.</p>
			<Link to="." reloadDocument className={buttonClasses({ variant: 'outline' })}>
				<RefreshCw aria-hidden className="size-4" />
				Check again
			</Link>
		</Notice>
	)
}

export default function TrialPage() {
	const trial = useLoaderData<typeof loader>()
	const { token } = useParams()
	const getStarted = getStartedLink(useRootData()?.pioneer)
	const { room, style } = describe(trial)
	return (
		<div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14">
			<div className="flex flex-col gap-2">
				<p className="text-sm font-semibold tracking-wide text-accent uppercase">Your free transformation</p>
				<h1 className="text-3xl font-bold tracking-tight text-brand sm:text-4xl">
					Hi {trial.name}, here is your {room.toLowerCase()}
				</h1>
				<p className="text-lg text-muted-foreground">Before, and in the {style} style.</p>
			</div>
			<Result token={token!} trial={trial} />
			<section
				aria-labelledby="sign-up-heading"
				className="flex flex-col gap-4 rounded-2xl bg-brand p-6 text-brand-foreground sm:p-8"
			>
				<h2 id="sign-up-heading" className="text-2xl font-bold tracking-tight">
					Stage every room of your listings
				</h2>
				<p className="text-white/80">
					With an account you upload whole properties from your phone, choose several styles per room, keep your
					favourites and send buyers branded brochures. £99 per completed property, no subscription.
				</p>
				<Link
					to={getStarted.to}
					className={cn(buttonClasses({ size: 'lg', variant: 'secondary' }), 'h-auto min-h-12 self-start py-2')}
				>
					{getStarted.label}
					<ArrowRight aria-hidden className="size-4 shrink-0" />
				</Link>
			</section>
		</div>
	)
}

export function ErrorBoundary() {
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				404: () => (
					<LinkNotFound what="trial">
						<Link to="/#try-it-free" className={buttonClasses()}>
							Try Rendo free
							<ArrowRight aria-hidden className="size-4" />
						</Link>
					</LinkNotFound>
				),
			}}
		/>
	)
}
