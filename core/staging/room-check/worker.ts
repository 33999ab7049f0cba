import { asBuffer } from '#core/platform/thread-bytes.ts'
import { analyse } from './check.ts'
import type { Labels } from './segment.ts'

/** One room check, on a pool thread (core/platform/thread-entry.mjs); see threads.ts. */
export async function handle({
	photo,
	staged,
	furnitureMask,
	labels,
}: {
	photo: Uint8Array
	staged: Uint8Array
	furnitureMask?: Uint8Array
	labels?: { photo: Labels; staged: Labels }
}) {
	try {
		const result = await analyse(asBuffer(photo), asBuffer(staged), {
			furnitureMask: furnitureMask && asBuffer(furnitureMask),
			labels,
		})
		if ('failed' in result) return { output: { failed: result.failed } }
		return { output: { image: result.image!, check: result.check } }
	} catch (error) {
		return { error: error instanceof Error ? error.message : String(error) }
	}
}
