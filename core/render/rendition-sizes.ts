/**
 * The longest sides of an image's smaller copies, which screens choose from by the size they show
 * it at (srcset). Each is twice the one before, so the copy a browser picks is at most twice the
 * pixels it shows, up to 1600 (a 12 MP photo's own size follows); 200 is for the gallery's strips
 * of thumbnails. A module without sharp: the screens' image sources are built from it.
 */
export const RENDITION_SIZES = [200, 400, 800, 1600] as const
export type RenditionSize = (typeof RENDITION_SIZES)[number]
/** The copy every image has, whatever its size: the thumbnail it always had. */
export const THUMBNAIL_SIZE = 400

export interface ImageSize {
	width: number
	height: number
}

/** The copies an image of this size has: the thumbnail always, each larger one only where it is smaller than the image. */
export function renditionSizes({ width, height }: ImageSize): RenditionSize[] {
	return RENDITION_SIZES.filter((size) => size === THUMBNAIL_SIZE || size < Math.max(width, height))
}

/** A copy's width in pixels (copies are never enlarged), as srcset announces it. */
export function renditionWidth(size: RenditionSize, image: ImageSize) {
	return Math.round(image.width * Math.min(1, size / Math.max(image.width, image.height)))
}
