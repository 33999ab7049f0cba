import { ImageOff, LoaderCircle, TriangleAlert, type LucideIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { aspectOf, ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { cn } from '#app/utils/cn.ts'
import type { ImageSources, VariationView } from '#core/studio/views.ts'
import { PREVIEW_LABEL } from '#core/render/provider.ts'

// The shape of a placeholder whose image's size is unknown: a landscape photo's.
const PLACEHOLDER_ASPECT = 4 / 3

type Size = 'full' | 'thumb'

function Placeholder({
	icon: Icon,
	size,
	spin,
	tone = 'muted',
	aspect,
	children,
}: {
	icon: LucideIcon
	size: Size
	spin?: boolean
	tone?: 'muted' | 'warning'
	/** the shape of the image it stands for (width / height): its box is that shape, not its parent's */
	aspect?: number | null
	children: ReactNode
}) {
	return (
		<div
			style={aspect === undefined ? undefined : { aspectRatio: aspect ?? PLACEHOLDER_ASPECT }}
			className={cn(
				'flex flex-col items-center justify-center gap-2 p-3 text-center',
				aspect === undefined ? 'size-full' : 'w-full',
				tone === 'warning' ? 'bg-amber-50 text-amber-900' : 'bg-muted text-muted-foreground',
			)}
		>
			<Icon
				aria-hidden
				className={cn(size === 'thumb' ? 'size-4' : 'size-7', spin && 'animate-spin motion-reduce:animate-none')}
			/>
			{/* thumbnails are too small for words: screen readers still get them */}
			<div className={cn('text-sm', size === 'thumb' && 'sr-only')}>{children}</div>
		</div>
	)
}

export function ImageNotFound({ size = 'full', aspect }: { size?: Size; aspect?: number | null }) {
	return (
		<Placeholder icon={ImageOff} size={size} aspect={aspect}>
			Image not found
		</Placeholder>
	)
}

/**
 * An image that turns into the 'Image not found' placeholder when its file is missing. Given a stored
 * `image` with its copies, it is shown whole (ResponsiveImage) and the placeholder takes its shape;
 * given a bare `src` (the upload steps' small square thumbnails), it fills its box, cropped.
 */
export function ImageWithFallback({
	alt,
	size = 'full',
	className,
	onError,
	onLoad,
	...shown
}: {
	alt: string
	/** 'thumb': shown small, so an image stored before its copies loads its thumbnail */
	size?: Size
	className?: string
	onError?: () => void
	onLoad?: () => void
} & (
	| {
			image: ImageSources
			/** the width the layout gives the image, as the `sizes` attribute says it */
			sizes: string
	  }
	| { src: string }
)) {
	const [failedSrc, setFailedSrc] = useState<string | null>(null)
	const src = 'image' in shown ? shown.image.src : shown.src
	const failed = () => {
		setFailedSrc(src)
		onError?.()
	}
	if (failedSrc === src)
		return <ImageNotFound size={size} aspect={'image' in shown ? aspectOf(shown.image) : undefined} />
	if ('image' in shown)
		return (
			<ResponsiveImage
				image={shown.image}
				sizes={shown.sizes}
				alt={alt}
				unsized={size === 'thumb' ? 'thumbnail' : 'image'}
				className={className}
				onLoad={onLoad}
				onError={failed}
			/>
		)
	return (
		<img
			src={src}
			alt={alt}
			loading="lazy"
			decoding="async"
			className={cn('size-full object-cover', className)}
			onLoad={onLoad}
			onError={failed}
		/>
	)
}

/**
 * A variation in whatever state it is: still rendering, failed, or its image shown whole. The
 * placeholders take the shape of the room's photo (`frame`), which the image will have.
 */
export function VariationImage({
	variation,
	alt,
	sizes,
	frame,
	size = 'full',
	className,
	onError,
	onLoad,
}: {
	variation: Pick<VariationView, 'status' | 'image' | 'errorMessage'>
	alt: string
	/** the width the layout gives the image, as the `sizes` attribute says it */
	sizes: string
	/** the room's photo, whose shape a variation has */
	frame?: Pick<ImageSources, 'width' | 'height'>
	size?: Size
	className?: string
	onError?: () => void
	onLoad?: () => void
}) {
	const aspect = aspectOf(variation.image) ?? aspectOf(frame)
	if (variation.status === 'pending')
		return (
			<Placeholder icon={LoaderCircle} size={size} spin aspect={aspect}>
				Processing...
			</Placeholder>
		)
	if (variation.status === 'failed')
		return (
			<Placeholder icon={TriangleAlert} size={size} tone="warning" aspect={aspect}>
				<span className="font-medium">Generation failed</span>
				{variation.errorMessage ? <span className="mt-1 block text-xs">{variation.errorMessage}</span> : null}
			</Placeholder>
		)
	if (!variation.image) return <ImageNotFound size={size} aspect={aspect} />
	return (
		<ImageWithFallback
			image={variation.image}
			sizes={sizes}
			alt={alt}
			size={size}
			className={className}
			onError={onError}
			onLoad={onLoad}
		/>
	)
}

/** The small honest label on images made by the local preview renderer, not the staging provider. */
export function PreviewLabel({ className }: { className?: string }) {
	return (
		<span
			title="Made by the local preview, which only colour-grades the photo"
			className={cn(
				'pointer-events-none rounded bg-black/60 px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-white uppercase',
				className,
			)}
		>
			{PREVIEW_LABEL}
		</span>
	)
}
