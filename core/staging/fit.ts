import os from 'node:os'
import { metrics } from '#core/platform/metrics.ts'
import { sharp } from '#core/platform/sharp.ts'
import { encodeThumbnail, JPEG_OPTIONS, SHARP_INPUT_OPTIONS } from '#core/render/jpeg.ts'
import { RenderError, type StagedImage } from '#core/render/provider.ts'

/** A staged image ready for the gallery: exactly the photo's size, and its thumbnail. */
export interface FittedImage {
	image: Buffer
	thumbnail: Buffer
	providerImageId?: string
}

// Decoding and re-encoding a 12 MP image is CPU work: one per core, however many vendor renders
// arrive together, so a burst of results never starves the web process that runs jobs inline.
const CPU_SLOTS = os.availableParallelism()
let busy = 0
const waiting: Array<() => void> = []

async function onCpuSlot<T>(work: () => Promise<T>): Promise<T> {
	if (busy >= CPU_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve))
	else busy++
	try {
		return await work()
	} finally {
		const next = waiting.shift()
		if (next) next()
		else busy--
	}
}

/**
 * Makes a vendor's image line up with the photo pixel for pixel: scaled to cover the photo's size
 * and cropped back from the centre where the vendor reframed (OpenAI only makes three sizes,
 * Gemini a list of aspect ratios), then encoded as JPEG. An image that is already the photo's size
 * and a JPEG is kept byte for byte.
 */
export function fitToPhoto(staged: StagedImage, photo: { width: number; height: number }): Promise<FittedImage> {
	return onCpuSlot(async () => {
		const started = performance.now()
		const decoded = sharp(staged.bytes, SHARP_INPUT_OPTIONS)
		const { format, width, height } = await decoded.metadata().catch((error: unknown) => {
			throw new RenderError(`The staging provider's image could not be read: ${(error as Error).message}`, false)
		})
		const ready = format === 'jpeg' && width === photo.width && height === photo.height
		const image = ready
			? staged.bytes
			: await decoded
					.clone()
					.flatten({ background: '#ffffff' })
					.resize(photo.width, photo.height, { fit: 'cover', position: 'centre' })
					.jpeg(JPEG_OPTIONS)
					.toBuffer()
		const thumbnail = (ready && staged.thumbnail) || (await encodeThumbnail(sharp(image)))
		metrics.imageFitDuration.observe({ resized: String(!ready) }, (performance.now() - started) / 1000)
		return { image, thumbnail, providerImageId: staged.providerImageId }
	})
}
