import { sharp } from '#core/platform/sharp.ts'
import { colourMatrix, gradePixels } from './colour-grade.ts'
import { encodeThumbnail, JPEG_OPTIONS, SHARP_INPUT_OPTIONS } from './jpeg.ts'
import { lookFor } from './preview-looks.ts'
import { renderOnThread } from './preview-threads.ts'
import { RenderError, type Renderer, type RenderInput, type RenderOutput } from './renderer.ts'

/** A render as it crosses to a worker thread: everything but the abort signal. */
export type PreviewTask = Omit<RenderInput, 'signal'>

/**
 * The default renderer: no network, no GPU. It cannot restage a room (room type and furniture are
 * ignored); it colour-grades the photo in the style's look, and the gallery labels the result a preview.
 */
export function createLocalPreviewRenderer(): Renderer {
	return {
		async render({ signal, ...task }) {
			signal?.throwIfAborted()
			return renderOnThread(task)
		},
	}
}

/** One render, on the calling thread (a worker thread's, see preview-threads.ts). */
export async function renderPreview({ image, style, variationIndex }: PreviewTask): Promise<RenderOutput> {
	const look = lookFor(style, variationIndex)
	// One decode: sharp applies white balance and saturation on the way to raw pixels, the curves and
	// vignette follow in place, and both JPEGs are encoded from those pixels (resizing raw pixels for the
	// thumbnail measured twice as fast as shrinking the encoded JPEG on load).
	const { data, info } = await sharp(image, SHARP_INPUT_OPTIONS)
		// Transparent PNGs get a white backdrop; recomb turns greyscale into RGB and raw output is 8-bit,
		// so the curves always see three bytes a pixel.
		.flatten({ background: '#ffffff' })
		.recomb(colourMatrix(look))
		.raw()
		.toBuffer({ resolveWithObject: true })
		.catch((error: unknown) => {
			throw new RenderError(`The photo could not be read: ${(error as Error).message}`, false, { cause: error })
		})
	const { width, height } = info
	gradePixels(data, width, height, look)
	const pixels = { raw: { width, height, channels: 3 as const } }
	const [full, thumbnail] = await Promise.all([
		sharp(data, pixels).jpeg(JPEG_OPTIONS).toBuffer(),
		encodeThumbnail(sharp(data, pixels)),
	])
	return { image: full, thumbnail, width, height, provider: 'local-preview', isPreview: true }
}
