import { sharp } from '#core/platform/sharp.ts'
import { colourMatrix, gradePixels } from './colour-grade.ts'
import { encodeRenditions, JPEG_OPTIONS, type Rendition, SHARP_INPUT_OPTIONS } from './jpeg.ts'
import { lookFor } from './preview-looks.ts'
import { renderOnThread } from './preview-threads.ts'
import { editLocallyOnThread } from '#core/edits/threads.ts'
import { labelsOf } from '#core/staging/room-check/segmenter.ts'
import { type EditScope, PREVIEW_PROVIDER, RenderError, type ImmediateProvider, type Style } from './provider.ts'

/** One preview as it crosses to a worker thread. */
export interface PreviewTask {
	image: Buffer
	style: Style
	/** 0, 1, 2, ...: the same photo and index give the same look; another index, another take on the style. */
	variationIndex: number
}

/** A preview: the full JPEG at the photo's own size, and its smaller copies for the screens. */
export interface PreviewOutput {
	image: Buffer
	renditions: Rendition[]
	width: number
	height: number
}

export const PREVIEW_CANNOT_EMPTY =
	'The local preview cannot empty a room: it only colour-grades the photo. Turn on a staging provider.'
export const PREVIEW_CANNOT_EDIT =
	'The local preview cannot make twilight or enhanced photos: it only colour-grades the photo. Turn on a staging provider.'
export const PREVIEW_WALLS_ONLY =
	'The local preview repaints walls only: turn on a staging provider for floors, ceilings, kitchen units and worktops'

/**
 * The default provider: no network, no GPU, no cost. It cannot restage a room (room type and
 * furniture are ignored); it colour-grades the photo in the style's look, and every screen labels
 * the result "Preview, not staged".
 */
export function createLocalPreviewProvider(): ImmediateProvider {
	return {
		kind: 'immediate',
		name: PREVIEW_PROVIDER,
		model: 'colour-grade preview',
		isPreview: true,
		canEmptyRoom: false,
		photoEdits: [],
		// What a photo's own pixels can make credibly (editLocally): a small thing painted out, walls repainted.
		edits: { remove: true, renovate: ['walls'], refusal: PREVIEW_WALLS_ONLY },
		stagesViewsTogether: false,
		async status() {
			return { reachable: true, message: 'Local preview: colour grading only, nothing is staged' }
		},
		async render({ signal, image, style, edit, scope, count, firstIndex }) {
			signal?.throwIfAborted()
			if (scope) return { model: 'local edit preview', images: [{ bytes: await editLocally(image, scope) }] }
			if (edit) throw new RenderError(PREVIEW_CANNOT_EDIT, false)
			if (style === null) throw new RenderError(PREVIEW_CANNOT_EMPTY, false)
			const outputs = await Promise.all(
				Array.from({ length: count }, (_, i) => renderLocalPreview({ image, style, variationIndex: firstIndex + i })),
			)
			return {
				model: 'colour-grade preview',
				images: outputs.map((output) => ({ bytes: output.image, renditions: output.renditions })),
			}
		},
	}
}

/**
 * An item removal (OpenCV's inpainting, small things only) or a wall repaint, made here: the only
 * edits a photo's own pixels can make credibly. A material (oak, tiles) needs a vendor.
 */
async function editLocally(image: Buffer, scope: EditScope) {
	if (scope.kind === 'remove') return editLocallyOnThread({ photo: image, mask: scope.mask })
	const walls = scope.surfaces.find((s) => s.name === 'walls')
	if (!walls || scope.surfaces.length > 1) throw new RenderError(PREVIEW_WALLS_ONLY, false)
	const labels = await labelsOf(image, { photo: true, urgent: true })
	if (!labels) throw new RenderError('The photo could not be read to find its walls', false)
	return editLocallyOnThread({ photo: image, labels, colour: walls.becomes })
}

/** One preview on a worker thread: what scripts and benches use to make a single image. */
export function renderLocalPreview(task: PreviewTask): Promise<PreviewOutput> {
	return renderOnThread(task)
}

/** One render, on the calling thread (a worker thread's, see preview-threads.ts). */
export async function renderPreview({ image, style, variationIndex }: PreviewTask): Promise<PreviewOutput> {
	const look = lookFor(style, variationIndex)
	// One decode: sharp applies white balance and saturation on the way to raw pixels, the curves and
	// vignette follow in place, and every JPEG is encoded from those pixels (resizing raw pixels for the
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
	const [full, renditions] = await Promise.all([
		sharp(data, pixels).jpeg(JPEG_OPTIONS).toBuffer(),
		encodeRenditions(sharp(data, pixels), { width, height }),
	])
	return { image: full, renditions, width, height }
}
