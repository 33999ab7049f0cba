import { sharp } from '#core/platform/sharp.ts'
import { type ImageSize, renditionSizes, type RenditionSize } from './rendition-sizes.ts'

/** Uploads and provider outputs above this are refused before decoding (a 12-MP photo is well under). */
export const SHARP_INPUT_OPTIONS = { limitInputPixels: 40_000_000 } satisfies sharp.SharpOptions

// mozjpeg would shave ~10 % off the bytes at several times the encoding time; renders are encoded once
// per variation on a small machine, so speed wins.
export const JPEG_OPTIONS = { quality: 82, mozjpeg: false } satisfies sharp.JpegOptions

export interface Rendition {
	size: RenditionSize
	bytes: Buffer
}

/**
 * An image's smaller copies (renditionSizes), with one decode: the largest is resized from the
 * image to raw pixels, and every copy is encoded from those, as the local preview makes its
 * thumbnail (core/render/local-preview.ts).
 */
export async function encodeRenditions(image: sharp.Sharp, size: ImageSize): Promise<Rendition[]> {
	const sizes = renditionSizes(size)
	const largest = sizes[sizes.length - 1]
	const { data, info } = await image
		.resize(largest, largest, { fit: 'inside', withoutEnlargement: true })
		.raw()
		.toBuffer({ resolveWithObject: true })
	const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } }
	return Promise.all(
		sizes.map(async (copy) => ({
			size: copy,
			bytes: await sharp(data, pixels)
				.resize(copy, copy, { fit: 'inside', withoutEnlargement: true })
				.jpeg(JPEG_OPTIONS)
				.toBuffer(),
		})),
	)
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
