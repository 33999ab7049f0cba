import { asBuffer } from '#core/platform/thread-bytes.ts'
import { segment } from './segment.ts'

/** One segmentation, on the segmenter's thread (core/platform/thread-entry.mjs); see segmenter.ts. */
export async function handle({ image, modelFolder }: { image: Uint8Array; modelFolder: string }) {
	try {
		return { labels: await segment(asBuffer(image), modelFolder) }
	} catch (error) {
		return { error: error instanceof Error ? error.message : String(error) }
	}
}
