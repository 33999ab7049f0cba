import type { sharp } from '#core/platform/sharp.ts'

/** Uploads and provider outputs above this are refused before decoding (a 12-MP photo is well under). */
export const SHARP_INPUT_OPTIONS = { limitInputPixels: 40_000_000 } satisfies sharp.SharpOptions

// mozjpeg would shave ~10 % off the bytes at several times the encoding time; renders are encoded once
// per variation on a small machine, so speed wins.
export const JPEG_OPTIONS = { quality: 82, mozjpeg: false } satisfies sharp.JpegOptions

export const THUMBNAIL_SIZE = 400

/** The gallery thumbnail of an image: longest side THUMBNAIL_SIZE, never enlarged. */
export function encodeThumbnail(image: sharp.Sharp): Promise<Buffer> {
	return image
		.resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
		.jpeg(JPEG_OPTIONS)
		.toBuffer()
}

/**
 * A vendor's image on the photo's exact size where it reframed: scaled to cover it and cropped
 * from the centre (transparency on white), as a JPEG.
 */
export function coverPhotoSize(image: sharp.Sharp, size: { width: number; height: number }): Promise<Buffer> {
	return image
		.flatten({ background: '#ffffff' })
		.resize(size.width, size.height, { fit: 'cover', position: 'centre' })
		.jpeg(JPEG_OPTIONS)
		.toBuffer()
}
