import { MoveHorizontal } from 'lucide-react'
import { useState } from 'react'
import { cn } from '#app/utils/cn.ts'
import { EXAMPLE_SIZE } from './examples.ts'

export interface BeforeAfterImages {
	before: string
	after: string
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

/**
 * One frame, the after image under the before image, which is clipped at `split` percent from the
 * left: both are seen at once at any width, where two pictures side by side would be tiny on a phone.
 */
export function BeforeAfterFrame({
	images,
	split = 50,
	eager = false,
	className,
}: {
	images: BeforeAfterImages
	split?: number
	eager?: boolean
	className?: string
}) {
	const loading = eager ? 'eager' : 'lazy'
	const fit = images.fit === 'contain' ? 'object-contain' : 'object-cover'
	return (
		<div className={cn('relative aspect-[3/2] overflow-hidden bg-muted select-none', className)}>
			<img
				src={images.after}
				alt={`${images.subject}, ${images.label}`}
				width={EXAMPLE_SIZE.width}
				height={EXAMPLE_SIZE.height}
				loading={loading}
				draggable={false}
				className={cn('absolute inset-0 size-full', fit)}
			/>
			<img
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
export function CompareSlider({ images }: { images: BeforeAfterImages }) {
	const [split, setSplit] = useState(50)
	return (
		<div className="relative overflow-hidden rounded-xl has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent has-[:focus-visible]:ring-offset-2">
			<BeforeAfterFrame images={images} split={split} />
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
