import { asBuffer } from '#core/platform/thread-bytes.ts'
import { createThreadPool } from '#core/platform/thread-pool.ts'
import type { PixelStages } from './check.ts'
import type { ChangedCells } from './regions.ts'
import type { Labels } from './segment.ts'
import type { RoomCheck } from './types.ts'

/**
 * Room checks on worker threads, one per core: OpenCV's wasm is synchronous, so on the main
 * thread a check would hold up a web process that runs jobs inline. Loading OpenCV takes ~0.4 s,
 * once per thread.
 */
export interface CheckTask {
	photo: Buffer
	staged: Buffer
	furnitureMask?: Buffer
	labels?: { photo: Labels; staged: Labels }
}

/**
 * A second look with both label maps at an answer a check's pixel stages have been through
 * already: from what they found (check.ts PixelStages, handed back with the first look), so
 * nothing is decoded, aligned or compared again, on whichever thread it lands.
 */
export interface RecheckTask {
	pixels: PixelStages
	labels: { photo: Labels; staged: Labels }
}

/**
 * A check as its thread hands it back: with the photo-sized image when asked for, the cells the
 * pixels alone read as changed (check.ts Analysis.pixelChanges), from which index.ts tells whether
 * the answer's label map could still change the verdict, and what the pixel stages found, for the
 * second look when it could. A recheck hands back the check alone.
 */
type ThreadCheck =
	| { check: RoomCheck; image?: Buffer; pixelChanges?: ChangedCells | null; pixels?: PixelStages | null }
	| { failed: string }

type Answer = { output: ThreadCheck } | { error: string }

const checkTask = createThreadPool<(CheckTask & { image: boolean }) | RecheckTask, Answer, ThreadCheck>({
	module: new URL('./worker.ts', import.meta.url),
	read(answer) {
		if ('error' in answer) throw new Error(`The room check failed: ${answer.error}`)
		const { output } = answer
		return 'check' in output && output.image ? { ...output, image: asBuffer(output.image) } : output
	},
	crashed: (error) => new Error(`The room check's thread stopped: ${error.message}`, { cause: error }),
})

/** The check, and the answer warped onto the photo: the image delivered. */
export const checkOnThread = (task: CheckTask, options?: { urgent?: boolean }) =>
	checkTask({ ...task, image: true }, options) as Promise<
		| { image: Buffer; check: RoomCheck; pixelChanges: ChangedCells | null; pixels: PixelStages | null }
		| { failed: string }
	>

/**
 * The check's verdict alone (a second look with the label maps, naming what an answer added): the
 * full-size warp and JPEG (~0.4 s of CPU at 12 MP) are not spent on it, and from a RecheckTask
 * nothing but the rules (~10 ms).
 */
export const verdictOnThread = (task: CheckTask | RecheckTask, options?: { urgent?: boolean }) =>
	checkTask('pixels' in task ? task : { ...task, image: false }, options) as Promise<
		{ check: RoomCheck } | { failed: string }
	>
