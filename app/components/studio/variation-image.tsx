import { ImageOff, LoaderCircle, TriangleAlert, type LucideIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { cn } from '#app/utils/cn.ts'
import type { VariationView } from '#core/studio/views.ts'
import { PREVIEW_LABEL } from '#core/render/provider.ts'

type Size = 'full' | 'thumb'

function Placeholder({
	icon: Icon,
	size,
	spin,
	tone = 'muted',
	children,
}: {
	icon: LucideIcon
	size: Size
	spin?: boolean
	tone?: 'muted' | 'warning'
	children: ReactNode
}) {
	return (
		<div
			className={cn(
				'flex size-full flex-col items-center justify-center gap-2 p-3 text-center',
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

export function ImageNotFound({ size = 'full' }: { size?: Size }) {
	return (
		<Placeholder icon={ImageOff} size={size}>
			Image not found
		</Placeholder>
	)
}

/** An image that turns into the 'Image not found' placeholder when its file is missing. */
export function ImageWithFallback({
	src,
	alt,
	size = 'full',
	className,
	onError,
	onLoad,
}: {
	src: string
	alt: string
	size?: Size
	className?: string
	onError?: () => void
	onLoad?: () => void
}) {
	const [failedSrc, setFailedSrc] = useState<string | null>(null)
	if (failedSrc === src) return <ImageNotFound size={size} />
	return (
		<img
			src={src}
			alt={alt}
			loading="lazy"
			decoding="async"
			className={cn('size-full object-cover', className)}
			onLoad={onLoad}
			onError={() => {
				setFailedSrc(src)
				onError?.()
			}}
		/>
	)
}

/** A variation in whatever state it is: still rendering, failed, or an image. */
export function VariationImage({
	variation,
	alt,
	size = 'full',
	onError,
	onLoad,
}: {
	variation: Pick<VariationView, 'status' | 'imageUrl' | 'thumbnailUrl' | 'errorMessage'>
	alt: string
	size?: Size
	onError?: () => void
	onLoad?: () => void
}) {
	if (variation.status === 'pending')
		return (
			<Placeholder icon={LoaderCircle} size={size} spin>
				Processing...
			</Placeholder>
		)
	if (variation.status === 'failed')
		return (
			<Placeholder icon={TriangleAlert} size={size} tone="warning">
				<span className="font-medium">Generation failed</span>
				{variation.errorMessage ? <span className="mt-1 block text-xs">{variation.errorMessage}</span> : null}
			</Placeholder>
		)
	const src =
		size === 'thumb' ? (variation.thumbnailUrl ?? variation.imageUrl) : (variation.imageUrl ?? variation.thumbnailUrl)
	if (!src) return <ImageNotFound size={size} />
	return <ImageWithFallback src={src} alt={alt} size={size} onError={onError} onLoad={onLoad} />
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
