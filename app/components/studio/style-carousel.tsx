import { ChevronLeft, ChevronRight, CircleCheck, Heart, LoaderCircle, WandSparkles } from 'lucide-react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useFetcher } from '@remix-run/react'
import { useToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import type { ImageSources, VariationView } from '#core/studio/views.ts'
import { isEditKind } from '#core/edits/edit.schema.ts'
import { styleLabel } from '#core/studio/labels.ts'
import { CompareButton } from './compare-dialog.tsx'
import { FavoriteButton } from './favorite-button.tsx'
import { PlainFormReturn } from './plain-form.tsx'
import { RoomCheckBadge, RoomCheckPanel } from './room-check.tsx'
import { RestageViewsButton, useRestageViews } from './restage-views-button.tsx'
import { PreviewLabel, VariationImage } from './variation-image.tsx'
import { intentAction } from './workflow-steps.ts'

// A style asked for a moment ago may have no rows yet: show it as processing, not as empty.
const NOT_LISTED_YET = { status: 'pending', image: null, errorMessage: null } as const

// The strip's thumbnails are this wide, their height the image's shape: its 200 px copy is at most twice that.
const THUMBNAIL_WIDTH = '100px'

function scrollBehavior(): ScrollBehavior {
	return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'
}

/**
 * Slides live in a scroll-snap strip, so a phone swipes them natively; buttons, thumbnails and
 * arrow keys move the same strip, and its scroll position is the one source of the index.
 */
function useSnapCarousel(count: number) {
	const scroller = useRef<HTMLDivElement>(null)
	const [index, setIndex] = useState(0)
	// While a button-driven smooth scroll runs, its passing positions are not the user's choice:
	// the counter should jump to the target, not count up through the slides in between.
	const target = useRef<{ index: number; until: number } | null>(null)
	const current = Math.min(index, Math.max(count - 1, 0))

	const goTo = (wanted: number) => {
		const el = scroller.current
		const next = Math.min(Math.max(wanted, 0), Math.max(count - 1, 0))
		setIndex(next)
		target.current = { index: next, until: Date.now() + 1_000 }
		el?.scrollTo({ left: next * el.clientWidth, behavior: scrollBehavior() })
	}

	const onScroll = () => {
		const el = scroller.current
		if (!el?.clientWidth) return
		const position = Math.round(el.scrollLeft / el.clientWidth)
		if (target.current && position !== target.current.index && Date.now() < target.current.until) return
		target.current = null
		setIndex(position)
	}

	const onKeyDown = (event: KeyboardEvent) => {
		const moves: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 }
		if (!(event.key in moves)) return
		event.preventDefault()
		goTo(moves[event.key])
	}

	return { scroller, current, goTo, onScroll, onKeyDown }
}

function Slide({
	variation,
	position,
	total,
	label,
	frame,
	sizes,
	restage,
	onCompare,
	onImageError,
}: {
	variation: VariationView
	position: number
	total: number
	label: string
	frame: ImageFrame
	sizes: string
	/** its room's other views can be restaged to match it, with this */
	restage: ReturnType<typeof useRestageViews> | null
	onCompare: () => void
	onImageError: () => void
}) {
	return (
		<fieldset
			aria-roledescription="slide"
			aria-label={`${position} of ${total}`}
			className="relative w-full min-w-0 shrink-0 snap-center"
		>
			<VariationImage
				variation={variation}
				alt={`${label}, variation ${position}`}
				sizes={sizes}
				frame={frame}
				onError={onImageError}
			/>
			{variation.isPreview && variation.status === 'completed' ? (
				<PreviewLabel className="absolute top-2 left-2" />
			) : null}
			<RoomCheckBadge check={variation.roomCheck} className="absolute top-2 left-2" />
			{variation.status === 'completed' ? (
				<FavoriteButton
					variation={variation}
					step="results"
					label={`${label}, variation ${position}`}
					className="absolute top-2 right-2"
				/>
			) : null}
			{variation.status === 'completed' ? (
				<CompareButton
					name={`${label}, variation ${position}`}
					onClick={onCompare}
					className="absolute right-2 bottom-2"
				/>
			) : null}
			{restage ? (
				<RestageViewsButton
					restage={restage}
					variationId={variation.id}
					label={`${label}, variation ${position}`}
					className="absolute bottom-2 left-2"
				/>
			) : null}
		</fieldset>
	)
}

function Thumbnails({
	variations,
	current,
	label,
	frame,
	onSelect,
}: {
	variations: VariationView[]
	current: number
	label: string
	frame: ImageFrame
	onSelect: (index: number) => void
}) {
	if (variations.length < 2) return null
	return (
		<ul className="flex gap-2 overflow-x-auto p-1" aria-label={`${label} thumbnails`}>
			{variations.map((v, i) => (
				<li key={v.id} className="shrink-0">
					<button
						type="button"
						aria-label={`Show variation ${i + 1}`}
						aria-current={i === current ? 'true' : undefined}
						onClick={() => onSelect(i)}
						className={cn(
							'relative block w-25 overflow-hidden rounded-md ring-2 ring-offset-1 transition',
							i === current ? 'ring-brand' : 'ring-transparent opacity-80 hover:opacity-100',
						)}
					>
						<VariationImage variation={v} alt="" sizes={THUMBNAIL_WIDTH} frame={frame} size="thumb" />
						{v.isFavorite ? (
							<Heart
								aria-hidden
								className="absolute right-0.5 bottom-0.5 size-3.5 fill-red-500 text-red-500 drop-shadow"
							/>
						) : null}
					</button>
				</li>
			))}
		</ul>
	)
}

/**
 * Remodel: one more variation per click, posted through a fetcher (a plain post back to the
 * gallery without JavaScript). Resolves to the new variation's id once the server made it.
 */
function useRemodel(roomId: string, style: string) {
	const fetcher = useFetcher<{ variation?: VariationView; result?: { status?: string } }>({
		key: `remodel:${roomId}:${style}`,
	})
	const { toast } = useToast()
	const answer = fetcher.state === 'idle' ? fetcher.data : undefined
	useEffect(() => {
		if (answer?.result?.status === 'error')
			toast({ title: 'Error', description: 'Failed to generate more variations', variant: 'destructive' })
	}, [answer, toast])
	return { Form: fetcher.Form, busy: fetcher.state !== 'idle', created: answer?.variation?.id ?? null }
}

/** The room's photo, whose shape its variations have: placeholders take it. */
type ImageFrame = Pick<ImageSources, 'width' | 'height'>

export function StyleCarousel({
	roomId,
	roomName,
	style,
	frame,
	sizes,
	variations,
	restageable,
	onCompare,
	onImageError,
}: {
	roomId: string
	roomName: string
	style: string
	frame: ImageFrame
	/** the width the layout gives a slide, as the `sizes` attribute says it */
	sizes: string
	/** this room's variations of this style, oldest first */
	variations: VariationView[]
	/** the images (of a room's first view) its other views can be restaged to match */
	restageable?: ReadonlySet<string>
	/** opens the larger before/after view of a variation, under this title */
	onCompare: (variation: VariationView, title: string) => void
	onImageError: (variationId: string) => void
}) {
	const carousel = useSnapCarousel(variations.length)
	const remodel = useRemodel(roomId, style)
	const restage = useRestageViews(roomId, style)
	const [showWhenListed, setShowWhenListed] = useState<string | null>(null)
	const label = `${styleLabel(style)} ${roomName}`
	const total = variations.length
	const shown = variations[carousel.current] as VariationView | undefined

	// A remodelled variation arrives as a new last slide: bring it into view once it renders.
	useEffect(() => {
		if (!showWhenListed) return
		const position = variations.findIndex((v) => v.id === showWhenListed)
		if (position >= 0) {
			carousel.goTo(position)
			setShowWhenListed(null)
		}
	}, [showWhenListed, variations, carousel])

	useEffect(() => {
		if (remodel.created) setShowWhenListed(remodel.created)
	}, [remodel.created])

	return (
		<section
			aria-roledescription="carousel"
			aria-label={`${label} variations`}
			className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-2 shadow-sm"
		>
			<div className="flex items-center justify-between gap-2 px-1">
				<div className="flex min-w-0 flex-col">
					<h5 className="font-semibold text-gray-900">{styleLabel(style)}</h5>
					<p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
						{total ? carousel.current + 1 : 0} of {total} variations
					</p>
				</div>
				{/* An edit is asked again from the room's own Remove items / Renovate, with what to change. */}
				{isEditKind(style) ? null : (
					<remodel.Form method="post" action={intentAction('results', 'remodel')}>
						<input type="hidden" name="roomId" value={roomId} />
						<input type="hidden" name="style" value={style} />
						<PlainFormReturn step="results" />
						<Button
							type="submit"
							size="sm"
							variant="outline"
							disabled={remodel.busy}
							aria-busy={remodel.busy}
							aria-label={`Remodel ${label}`}
							className="h-11"
						>
							{remodel.busy ? (
								<LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
							) : (
								<WandSparkles aria-hidden className="size-4" />
							)}
							Remodel
						</Button>
					</remodel.Form>
				)}
			</div>
			<div className="relative">
				{/* biome-ignore lint/a11y/noStaticElementInteractions: the scrolling strip itself takes the arrow keys */}
				{/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: its label tells a keyboard user what the stop is and how to move */}
				<div
					ref={carousel.scroller}
					// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area must be reachable by keyboard (axe: scrollable-region-focusable)
					tabIndex={0}
					aria-label={`${label} variations, use the arrow keys to move`}
					onScroll={carousel.onScroll}
					onKeyDown={carousel.onKeyDown}
					className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-lg bg-muted [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
				>
					{total === 0 ? (
						<div className="w-full">
							<VariationImage variation={NOT_LISTED_YET} alt="" sizes={sizes} frame={frame} />
						</div>
					) : null}
					{variations.map((v, i) => (
						<Slide
							key={v.id}
							variation={v}
							position={i + 1}
							total={total}
							label={label}
							frame={frame}
							sizes={sizes}
							restage={restageable?.has(v.id) ? restage : null}
							onCompare={() => onCompare(v, `${label}, variation ${i + 1}`)}
							onImageError={() => onImageError(v.id)}
						/>
					))}
				</div>
				{total > 1 ? (
					<>
						<CarouselArrow
							direction="previous"
							disabled={carousel.current === 0}
							onClick={() => carousel.goTo(carousel.current - 1)}
						/>
						<CarouselArrow
							direction="next"
							disabled={carousel.current >= total - 1}
							onClick={() => carousel.goTo(carousel.current + 1)}
						/>
					</>
				) : null}
			</div>
			{shown?.stagingNote ? (
				<p role="note" className="px-1 text-xs text-muted-foreground">
					{shown.stagingNote}
				</p>
			) : null}
			<Thumbnails
				variations={variations}
				current={carousel.current}
				label={label}
				frame={frame}
				onSelect={carousel.goTo}
			/>
			{isEditKind(style) ? <ScopeNotes variations={variations} /> : null}
			<RoomCheckPanel variations={variations} label={label} />
		</section>
	)
}

/**
 * What the scope check found an edit did, for each that kept to what was asked ("Removed: a lamp;
 * nothing else changed"): listed under the carousel, so it reads the same without JavaScript. An
 * edit that went beyond it is flagged in the room check's panel, with "Replace it free".
 */
function ScopeNotes({ variations }: { variations: VariationView[] }) {
	const checked = variations
		.map((v, i) => ({ v, position: i + 1 }))
		.filter(({ v }) => v.roomCheck?.verdict === 'ok' && v.roomCheck.note)
	if (!checked.length) return null
	return (
		<ul className="flex flex-col gap-1 px-1 text-sm text-gray-900">
			{checked.map(({ v, position }) => (
				<li key={v.id} className="flex gap-1.5">
					<CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
					<span>
						{variations.length > 1 ? `Variation ${position}: ` : null}
						{v.roomCheck!.note}
					</span>
				</li>
			))}
		</ul>
	)
}

function CarouselArrow({
	direction,
	disabled,
	onClick,
}: {
	direction: 'previous' | 'next'
	disabled: boolean
	onClick: () => void
}) {
	const Icon = direction === 'previous' ? ChevronLeft : ChevronRight
	return (
		<button
			type="button"
			aria-label={direction === 'previous' ? 'Previous variation' : 'Next variation'}
			disabled={disabled}
			onClick={onClick}
			className={cn(
				'absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow-md transition disabled:opacity-0',
				direction === 'previous' ? 'left-2' : 'right-2',
			)}
		>
			<Icon aria-hidden className="size-5" />
		</button>
	)
}
