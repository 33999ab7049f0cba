import { MoveHorizontal } from 'lucide-react'
import { useState, type ComponentProps } from 'react'
import { cn } from '#app/utils/cn.ts'
import { HIGH_FETCH_PRIORITY } from '#app/utils/misc.ts'
import { EXAMPLE_SIZE, type SrcSet } from './examples.ts'

export interface BeforeAfterImages {
	before: string
	after: string
	/** The same images at several widths and in AVIF: with `sizes` the browser takes the fitting one. */
	beforeSrcSet?: SrcSet
	afterSrcSet?: SrcSet
	/** The after image's label: a style name. */
	label: string
	/** What both images show, for their alt text. */
	subject: string
	/** `contain` for photos of any shape (a visitor's own); our examples fill the frame. */
	fit?: 'cover' | 'contain'
}

function Label({ children, className }: { children: string; className?: string }) {
	return (
		<span
			className={cn(
				'pointer-events-none absolute bottom-3 rounded-full bg-black/65 px-3 py-1 text-xs font-semibold text-white sm:text-sm',
				className,
			)}
		>
			{children}
		</span>
	)
}

/** An `<img>`, inside a `<picture>` that offers AVIF, when there are widths to choose from and the layout's `sizes`. */
function ResponsiveImg({
	srcSet,
	sizes,
	alt,
	...img
}: Omit<ComponentProps<'img'>, 'srcSet' | 'alt'> & { srcSet?: SrcSet; alt: string }) {
	if (!srcSet || !sizes) return <img alt={alt} {...img} />
	return (
		<picture>
			<source type="image/avif" srcSet={srcSet.avif} sizes={sizes} />
			<img srcSet={srcSet.webp} sizes={sizes} alt={alt} {...img} />
		</picture>
	)
}

/**
 * One frame, the after image under the before image, which is clipped at `split` percent from the
 * left: both are seen at once at any width, where two pictures side by side would be tiny on a phone.
 * `sizes` is the frame's width in the page's layout; `priority` marks the page's main image.
 */
export function BeforeAfterFrame({
	images,
	split = 50,
	priority = false,
	sizes,
	className,
}: {
	images: BeforeAfterImages
	split?: number
	priority?: boolean
	sizes?: string
	className?: string
}) {
	// The page's main image loads at once and first; the others as they come near the screen.
	const loading = priority ? 'eager' : 'lazy'
	const fetchPriority = priority ? HIGH_FETCH_PRIORITY : {}
	const fit = images.fit === 'contain' ? 'object-contain' : 'object-cover'
	return (
		<div className={cn('relative aspect-[3/2] overflow-hidden bg-muted select-none', className)}>
			<ResponsiveImg
				{...fetchPriority}
				srcSet={images.afterSrcSet}
				sizes={sizes}
				src={images.after}
				alt={`${images.subject}, ${images.label}`}
				width={EXAMPLE_SIZE.width}
				height={EXAMPLE_SIZE.height}
				loading={loading}
				draggable={false}
				className={cn('absolute inset-0 size-full', fit)}
			/>
			<ResponsiveImg
				{...fetchPriority}
				srcSet={images.beforeSrcSet}
				sizes={sizes}
				src={images.before}
				alt={`${images.subject}, before`}
				width={EXAMPLE_SIZE.width}
				height={EXAMPLE_SIZE.height}
				loading={loading}
				draggable={false}
				style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
				className={cn('absolute inset-0 size-full', fit)}
			/>
			<span aria-hidden className="absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${split}%` }} />
			<Label className="left-3">Before</Label>
			<Label className="right-3">{images.label}</Label>
		</div>
	)
}

/** A frame whose split follows a range input: drag, or use the arrow keys once it has focus. */
export function CompareSlider({ images, sizes }: { images: BeforeAfterImages; sizes?: string }) {
	const [split, setSplit] = useState(50)
	return (
		<div className="relative overflow-hidden rounded-xl has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent has-[:focus-visible]:ring-offset-2">
			<BeforeAfterFrame images={images} split={split} sizes={sizes} />
			<span
				aria-hidden
				className="pointer-events-none absolute top-1/2 flex size-9 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-brand shadow-md"
				style={{ left: `${split}%` }}
			>
				<MoveHorizontal className="size-4" />
			</span>
			<input
				type="range"
				min={0}
				max={100}
				value={split}
				onChange={(event) => setSplit(Number(event.currentTarget.value))}
				aria-label={`${images.subject}: slide between before and ${images.label}`}
				aria-valuetext={`${split}% before`}
				className="absolute inset-0 size-full cursor-ew-resize touch-pan-y appearance-none opacity-0"
			/>
		</div>
	)
}
