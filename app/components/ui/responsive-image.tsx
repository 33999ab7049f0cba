import type { ImgHTMLAttributes } from 'react'
import { cn } from '#app/utils/cn.ts'
import type { ImageSources } from '#core/studio/views.ts'

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt'>

/** width / height of an image, where its size is known. */
export function aspectOf(image: Pick<ImageSources, 'width' | 'height'> | null | undefined) {
	return image?.width && image.height ? image.width / image.height : null
}

/**
 * A stored image shown whole: its box takes the picture's own shape (the image's width and height
 * are on the element, so the page does not move as it arrives; a portrait stays a portrait), and
 * the browser picks from its copies the one that fits the width `sizes` says the layout gives it,
 * never much more. `object-contain` keeps it whole should a parent force another shape.
 *
 * An image stored before its size was kept loads `unsized`: its thumbnail where it is shown small,
 * otherwise the image itself, and takes its shape once it arrives.
 */
export function ResponsiveImage({
	image,
	sizes,
	alt,
	eager = false,
	unsized = 'image',
	fill = false,
	className,
	style,
	...img
}: ImgProps & {
	image: ImageSources
	/** the width the layout gives the image at each breakpoint, as the `sizes` attribute says it */
	sizes: string
	alt: string
	/** load at once: the page's main image */
	eager?: boolean
	unsized?: 'thumbnail' | 'image'
	/** fill the parent, which has the image's shape (or shows it letterboxed), rather than set the height by the width */
	fill?: boolean
}) {
	const { src, width, height, copies } = image
	const common = {
		loading: eager ? ('eager' as const) : ('lazy' as const),
		decoding: 'async' as const,
		className: cn(fill ? 'size-full object-contain' : 'block h-auto w-full object-contain', className),
		...img,
	}
	if (!width || !height)
		return <img src={unsized === 'thumbnail' ? image.thumbnail : src} alt={alt} style={style} {...common} />
	const srcSet = [...copies, { src, width }].map((copy) => `${copy.src} ${copy.width}w`).join(', ')
	return (
		<img
			// the choice before the fallback: a browser that reads src first must not fetch it too
			srcSet={srcSet}
			sizes={sizes}
			src={src}
			width={width}
			height={height}
			alt={alt}
			style={{ aspectRatio: `${width} / ${height}`, ...style }}
			{...common}
		/>
	)
}
