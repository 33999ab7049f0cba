import { CircleCheck, Images, LoaderCircle, RefreshCw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from '@remix-run/react'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import type { RoomView, VariationView } from '#core/studio/views.ts'
import { pluralise, roomLabel, styleLabel } from '#core/studio/labels.ts'
import { ProgressBar } from './progress-bar.tsx'
import { StepActions, StepHeading } from './step-layout.tsx'
import { useLiveRefresh } from './use-live-refresh.ts'
import { VariationImage } from './variation-image.tsx'
import { stepHref, variationProgress } from './workflow-steps.ts'

const POLL_MS = 2_000 // spec 02 §9: rooms and variations every 2 s while processing
const READY_DELAY_MS = 500 // spec 02 §4: completion is detected with a 500 ms delay
const PLAIN_REFRESH_SECONDS = 3

/**
 * True half a second after `settled` turns true while watching, false again at once if it turns
 * back; true from the start when the page arrives settled (a reload, or a plain page refresh).
 */
function useSettledAfterDelay(settled: boolean) {
	const [ready, setReady] = useState(settled)
	useEffect(() => {
		if (!settled) {
			setReady(false)
			return
		}
		const timer = setTimeout(() => setReady(true), READY_DELAY_MS)
		return () => clearTimeout(timer)
	}, [settled])
	return ready
}

function ProcessingStatusError({ onRetry }: { onRetry: () => void }) {
	return (
		<div
			role="alert"
			className="flex flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-red-50 p-4 text-sm text-destructive"
		>
			<div>
				<p className="font-semibold">Processing Status Error</p>
				<p>We couldn't check on your images. They keep processing on our side; refresh to see where they are.</p>
			</div>
			<Button variant="outline" onClick={onRetry}>
				<RefreshCw aria-hidden className="size-4" />
				Refresh Page
			</Button>
		</div>
	)
}

/** The finished variations appear one by one while the rest are still rendering. */
function LiveThumbnails({ rooms, variations }: { rooms: RoomView[]; variations: VariationView[] }) {
	if (!variations.length) return null
	const names = new Map(rooms.map((room) => [room.id, roomLabel(room)]))
	return (
		<ul aria-label="Variations" className="grid grid-cols-3 items-start gap-2 sm:grid-cols-5 lg:grid-cols-6">
			{variations.map((v) => (
				<li key={v.id} className="overflow-hidden rounded-lg bg-muted">
					<VariationImage
						variation={v}
						alt={`${names.get(v.roomId) ?? v.roomName}, ${styleLabel(v.style)}`}
						sizes="(min-width: 1152px) 176px, (min-width: 1024px) 16vw, (min-width: 640px) 20vw, 33vw"
						size="thumb"
					/>
				</li>
			))}
		</ul>
	)
}

/**
 * Without JavaScript the page reloads itself while processing (a noscript refresh, which a
 * browser running scripts ignores), and offers a link to do it sooner.
 */
function PlainPageRefresh() {
	return (
		<noscript>
			<meta httpEquiv="refresh" content={String(PLAIN_REFRESH_SECONDS)} />
			<a href={stepHref('processing')} className="text-sm font-medium text-brand underline">
				Refresh progress
			</a>
		</noscript>
	)
}

export function ProcessingStep({ rooms, variations }: { rooms: RoomView[]; variations: VariationView[] }) {
	const progress = variationProgress(rooms, variations)
	const ready = useSettledAfterDelay(progress.settled)
	const live = useLiveRefresh(POLL_MS, !progress.settled)

	const finished = progress.completed + progress.failed
	const summary = `${finished} of ${progress.expected} variations ready`

	return (
		<div className="flex flex-col gap-5">
			<StepHeading
				title={ready ? 'Rendos Ready!' : 'Generating Rendos'}
				description={
					ready
						? `All ${pluralise(progress.completed, 'variation')} for ${pluralise(rooms.length, 'image')} are ready to review.`
						: `Staging ${pluralise(rooms.length, 'image')}. This typically takes 1-3 minutes per image: you can leave this page and come back.`
				}
			/>
			{live.offline ? <ProcessingStatusError onRetry={live.retry} /> : null}
			{progress.settled ? null : <PlainPageRefresh />}
			<section
				aria-label="Progress"
				className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
			>
				<div className="flex items-center justify-between gap-3 text-sm">
					<span className="flex items-center gap-2 font-medium text-gray-900" aria-live="polite">
						{ready ? (
							<CircleCheck aria-hidden className="size-4 text-green-700" />
						) : (
							<LoaderCircle aria-hidden className="size-4 animate-spin text-brand motion-reduce:animate-none" />
						)}
						{summary}
					</span>
					{progress.failed ? <span className="text-amber-800">{progress.failed} failed</span> : null}
				</div>
				<ProgressBar
					value={finished}
					max={Math.max(progress.expected, 1)}
					label="Variations ready"
					valueText={summary}
					tone={ready ? 'success' : 'brand'}
				/>
			</section>
			<LiveThumbnails rooms={rooms} variations={variations} />
			{ready ? (
				<StepActions>
					<Link to={stepHref('results')} className={buttonClasses()}>
						<Images aria-hidden className="size-4" />
						View Gallery
					</Link>
				</StepActions>
			) : null}
		</div>
	)
}
