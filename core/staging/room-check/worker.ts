import { asBuffer } from '#core/platform/thread-bytes.ts'
import { analyse } from './check.ts'
import type { Labels } from './segment.ts'

/** One room check, on a pool thread (core/platform/thread-entry.mjs); see threads.ts. */
export async function handle({
	photo,
	staged,
	furnitureMask,
	labels,
	image,
}: {
	photo: Uint8Array
	staged: Uint8Array
	furnitureMask?: Uint8Array
	labels?: { photo: Labels; staged: Labels }
	image: boolean
}) {
	try {
		const result = await analyse(asBuffer(photo), asBuffer(staged), {
			furnitureMask: furnitureMask && asBuffer(furnitureMask),
			labels,
			output: image,
		})
		if ('failed' in result) return { output: { failed: result.failed } }
		return { output: { check: result.check, pixelChanges: result.pixelChanges, image: result.image } }
	} catch (error) {
		return { error: error instanceof Error ? error.message : String(error) }
	}
}
