import { MoveHorizontal } from 'lucide-react'
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { cn } from '#app/utils/cn.ts'
import type { ImageSources } from '#core/studio/views.ts'
import { ResponsiveImage } from './responsive-image.tsx'

export interface ComparedPhoto {
	src: string
	alt: string
	/** its size and smaller copies, where known: the browser then loads the copy the frame needs */
	image?: ImageSources
}

const ARROW_STEP = 5
const PAGE_STEP = 25
// A finger must move this far sideways before it drags: a page scrolled by a swipe that starts
// on the photo should not move the divider on its way.
const TOUCH_SLOP_PX = 6

function clamp(percent: number) {
	return Math.min(100, Math.max(0, percent))
}

/** Where a key moves the divider (0 shows only the staged photo, 100 only the original), or null when the key is not the slider's. */
export function positionForKey(key: string, position: number): number | null {
	const moves: Record<string, number> = {
		ArrowLeft: position - ARROW_STEP,
		ArrowDown: position - ARROW_STEP,
		ArrowRight: position + ARROW_STEP,
		ArrowUp: position + ARROW_STEP,
		PageDown: position - PAGE_STEP,
		PageUp: position + PAGE_STEP,
		Home: 0,
		End: 100,
	}
	return key in moves ? clamp(moves[key]) : null
}

/** What a screen reader hears: the share of the staged photo on show, the part that matters. */
export function positionText(position: number) {
	return `Showing ${100 - position}% of the staged photo`
}

type Drag = { pointerId: number; startX: number; offset: number; moving: boolean }

/** Drag or tap anywhere on the frame; a drag that starts on the handle keeps its grip instead of jumping. */
function useDivider() {
	const [position, setPosition] = useState(50)
	const frame = useRef<HTMLDivElement>(null)
	const handle = useRef<HTMLDivElement>(null)
	const drag = useRef<Drag | null>(null)

	const moveTo = (clientX: number) => {
		const box = frame.current?.getBoundingClientRect()
		if (!box?.width || !drag.current) return
		setPosition(clamp(((clientX - drag.current.offset - box.left) / box.width) * 100))
	}

	const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
		if (!event.isPrimary || event.button !== 0) return
		const box = event.currentTarget.getBoundingClientRect()
		const onHandle = !!handle.current?.contains(event.target as Node)
		const offset = onHandle ? event.clientX - (box.left + (box.width * position) / 100) : 0
		// A mouse or pen moves the divider at once; a finger waits to see whether it taps, drags or scrolls.
		drag.current = { pointerId: event.pointerId, startX: event.clientX, offset, moving: event.pointerType !== 'touch' }
		event.currentTarget.setPointerCapture(event.pointerId)
		// No text selection or native image drag; focus goes to the slider so the arrow keys carry on from here.
		event.preventDefault()
		handle.current?.focus({ preventScroll: true })
		if (drag.current.moving) moveTo(event.clientX)
	}

	const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
		const current = drag.current
		if (current?.pointerId !== event.pointerId) return
		if (!current.moving && Math.abs(event.clientX - current.startX) < TOUCH_SLOP_PX) return
		current.moving = true
		moveTo(event.clientX)
	}

	const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
		if (drag.current?.pointerId !== event.pointerId) return
		moveTo(event.clientX)
		drag.current = null
	}

	// The browser took the gesture (a vertical scroll): leave the divider where it was.
	const onPointerCancel = () => {
		drag.current = null
	}

	const onKeyDown = (event: KeyboardEvent) => {
		const next = positionForKey(event.key, Math.round(position))
		if (next === null) return
		event.preventDefault()
		setPosition(next)
	}

	return { position, frame, handle, pointer: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel }, onKeyDown }
}

function Photo({
	photo,
	caption,
	interactive,
	aspectRatio,
	eager,
	sizes,
	clipFromLeft,
}: {
	photo: ComparedPhoto
	caption: 'Before' | 'After'
	interactive: boolean
	aspectRatio: number
	eager: boolean
	sizes?: string
	/** the share of the photo hidden from its left edge, in percent */
	clipFromLeft?: number
}) {
	const clipPath = clipFromLeft === undefined ? undefined : `inset(0 0 0 ${clipFromLeft}%)`
	return (
		<figure className={interactive ? 'absolute inset-0' : 'flex min-w-0 flex-1 flex-col gap-1'}>
			{/* Both photos have the same pixel size, so 'contain' lines them up exactly in any frame. */}
			{photo.image && sizes ? (
				<ResponsiveImage
					image={photo.image}
					sizes={sizes}
					alt={photo.alt}
					eager={eager}
					fill={interactive}
					draggable={false}
					style={{ clipPath }}
				/>
			) : (
				<img
					src={photo.src}
					alt={photo.alt}
					loading={eager ? 'eager' : 'lazy'}
					decoding="async"
					draggable={false}
					className={cn('w-full object-contain', interactive ? 'h-full' : 'h-auto')}
					style={{ aspectRatio: interactive ? undefined : aspectRatio, clipPath }}
				/>
			)}
			<figcaption
				className={
					interactive
						? cn(
								'pointer-events-none absolute bottom-3 z-10 rounded-full bg-black/65 px-3 py-1 text-xs font-semibold text-white sm:text-sm',
								caption === 'Before' ? 'left-3' : 'right-3',
							)
						: 'text-center text-sm font-medium text-gray-900'
				}
			>
				{caption}
			</figcaption>
		</figure>
	)
}

/**
 * A before/after comparison. The server sends a plain side-by-side pair, which is all a browser
 * without JavaScript gets; once hydrated, the same two images lie on top of each other and a
 * divider (a real slider: drag, tap, arrow keys) shows the original on its left and the staged
 * photo on its right. The frame has the photos' aspect ratio in both forms, so neither hydrating
 * nor the images arriving moves anything on the page.
 */
export function BeforeAfter({
	before,
	after,
	label,
	aspectRatio = 4 / 3,
	eager = false,
	sizes,
	className,
}: {
	before: ComparedPhoto
	after: ComparedPhoto
	/** what is compared, e.g. 'Living Room': the slider is named after it */
	label: string
	/** width / height of the photos */
	aspectRatio?: number
	/** load at once: the page's main image */
	eager?: boolean
	/** the frame's width as the `sizes` attribute says it, for photos whose copies are known */
	sizes?: string
	className?: string
}) {
	const interactive = useHydrated()
	const divider = useDivider()
	const value = Math.round(divider.position)
	const photo = { interactive, aspectRatio, eager, sizes }
	return (
		<div
			ref={divider.frame}
			data-testid="before-after"
			className={cn(
				'relative w-full overflow-hidden rounded-xl bg-muted',
				interactive
					? 'cursor-ew-resize touch-pan-y select-none has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent has-[:focus-visible]:ring-offset-2'
					: 'flex items-center gap-2 p-2',
				className,
			)}
			style={{ aspectRatio }}
			{...(interactive ? divider.pointer : {})}
		>
			<Photo photo={before} caption="Before" {...photo} />
			<Photo photo={after} caption="After" clipFromLeft={interactive ? divider.position : undefined} {...photo} />
			{interactive ? (
				<>
					<span
						aria-hidden
						className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow"
						style={{ left: `${divider.position}%` }}
					/>
					<div
						ref={divider.handle}
						role="slider"
						tabIndex={0}
						aria-label={`${label}: before and after`}
						aria-orientation="horizontal"
						aria-valuemin={0}
						aria-valuemax={100}
						aria-valuenow={value}
						aria-valuetext={positionText(value)}
						onKeyDown={divider.onKeyDown}
						// The handle stays whole inside the frame at either end; the line goes all the way.
						style={{ left: `clamp(1.375rem, ${divider.position}%, calc(100% - 1.375rem))` }}
						className="absolute top-1/2 z-20 flex size-11 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-brand shadow-md"
					>
						<MoveHorizontal aria-hidden className="size-5" />
					</div>
				</>
			) : null}
		</div>
	)
}
