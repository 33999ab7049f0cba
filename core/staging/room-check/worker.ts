import { asBuffer } from '#core/platform/thread-bytes.ts'
import { analyse, judge } from './check.ts'
import type { Labels } from './segment.ts'
import type { RecheckTask } from './threads.ts'

/** One room check, or a second look at one (threads.ts RecheckTask), on a pool thread (core/platform/thread-entry.mjs); see threads.ts. */
export async function handle(
	task:
		| {
				photo: Uint8Array
				staged: Uint8Array
				furnitureMask?: Uint8Array
				labels?: { photo: Labels; staged: Labels }
				image: boolean
		  }
		| RecheckTask,
) {
	try {
		if ('pixels' in task) return { output: { check: judge(task.pixels, task.labels).check } }
		const { photo, staged, furnitureMask, labels, image } = task
		const result = await analyse(asBuffer(photo), asBuffer(staged), {
			furnitureMask: furnitureMask && asBuffer(furnitureMask),
			labels,
			output: image,
		})
		if ('failed' in result) return { output: { failed: result.failed } }
		const { check, pixelChanges, pixels } = result
		return { output: { check, pixelChanges, pixels, image: result.image } }
	} catch (error) {
		return { error: error instanceof Error ? error.message : String(error) }
	}
}
