import type { HtmlLinkDescriptor } from '@remix-run/react'
import { ChevronLeft, ChevronRight, Pause } from 'lucide-react'
import { useEffect, useState } from 'react'
import { cn } from '#app/utils/cn.ts'
import { HIGH_FETCH_PRIORITY } from '#app/utils/misc.ts'
import { BeforeAfterFrame } from './before-after.tsx'
import { EXAMPLES } from './examples.ts'
import { useCarousel } from './use-carousel.ts'

/** The carousel's width: half the hero from `lg` (72rem less margins and the gap), else the screen less its margins. */
const HERO_IMAGE_SIZES = '(min-width: 1024px) 532px, calc(100vw - 2rem)'

/**
 * Preloads of the first slide's two images, for the page's `links`: they start with the
 * stylesheet instead of after it. AVIF only; a browser without it skips the hint by its type.
 */
export function heroImagePreloads(): HtmlLinkDescriptor[] {
	const { beforeSrcSet, afterSrcSet } = EXAMPLES[0]
	return [afterSrcSet, beforeSrcSet].map((srcSet) => ({
		rel: 'preload',
		as: 'image',
		type: 'image/avif',
		imageSrcSet: srcSet.avif,
		imageSizes: HERO_IMAGE_SIZES,
		...HIGH_FETCH_PRIORITY,
	}))
}

const controlClasses =
	'flex size-11 items-center justify-center rounded-full bg-white/90 text-brand shadow-md transition-colors hover:bg-white'

/**
 * Before/after photos by room type. Advances every 2.5 s until the user interacts; then arrows,
 * ←/→/Home/End on the focused carousel, a swipe, or a dot choose the slide. Without JavaScript the
 * first slide stays.
 */
export function HeroCarousel() {
	const { index, playing, stop, goTo, handlers } = useCarousel(EXAMPLES.length)
	const current = EXAMPLES[index]
	// The page loads the first slide's images only; the next slide's load once the page runs and
	// whenever the carousel moves on, so they are in before their turn.
	const [loadedUpTo, setLoadedUpTo] = useState(0)
	useEffect(() => setLoadedUpTo((loaded) => Math.max(loaded, index + 1)), [index])
	return (
		<section
			aria-roledescription="carousel"
			aria-label="Before and after examples"
			className="flex flex-col gap-3"
			{...handlers}
		>
			<div className="relative touch-pan-y overflow-hidden rounded-2xl shadow-lg">
				{/* Slides are stacked and cross-fade, so the frame never changes height. */}
				<div aria-live={playing ? 'off' : 'polite'} className="relative aspect-[3/2]">
					{EXAMPLES.map((example, i) => (
						// biome-ignore lint/a11y/useSemanticElements: WAI-ARIA's carousel pattern names each slide a group; a fieldset is for form controls.
						<div
							key={example.id}
							role="group"
							aria-roledescription="slide"
							aria-label={`${i + 1} of ${EXAMPLES.length}: ${example.room}`}
							aria-hidden={i !== index}
							className={cn(
								'absolute inset-0 transition-opacity duration-500 motion-reduce:transition-none',
								i === index ? 'opacity-100' : 'opacity-0',
							)}
						>
							{i <= loadedUpTo ? (
								<BeforeAfterFrame
									images={{ ...example, subject: example.room }}
									sizes={HERO_IMAGE_SIZES}
									priority={i === 0}
								/>
							) : null}
						</div>
					))}
				</div>
				<div className="absolute inset-x-3 top-1/2 flex -translate-y-1/2 justify-between">
					<button
						type="button"
						className={controlClasses}
						aria-label="Previous example"
						onClick={() => goTo(index - 1)}
					>
						<ChevronLeft aria-hidden className="size-5" />
					</button>
					<button type="button" className={controlClasses} aria-label="Next example" onClick={() => goTo(index + 1)}>
						<ChevronRight aria-hidden className="size-5" />
					</button>
				</div>
			</div>
			<div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
				<p className="text-sm font-semibold text-gray-900" data-testid="hero-slide">
					{current.room} <span className="font-normal text-muted-foreground">· {current.label}</span>
				</p>
				<div className="-mx-2 flex items-center">
					{EXAMPLES.map((example, i) => (
						<button
							key={example.id}
							type="button"
							aria-label={`Show ${example.room}`}
							aria-current={i === index ? 'true' : undefined}
							onClick={() => goTo(i)}
							className="flex size-10 items-center justify-center rounded-full"
						>
							<span
								className={cn('size-2.5 rounded-full transition-colors', i === index ? 'bg-brand' : 'bg-gray-300')}
							/>
						</button>
					))}
					{playing ? (
						<button
							type="button"
							onClick={stop}
							aria-label="Stop the slideshow"
							className="flex size-10 items-center justify-center rounded-full text-muted-foreground hover:text-brand"
						>
							<Pause aria-hidden className="size-4" />
						</button>
					) : null}
				</div>
			</div>
		</section>
	)
}
