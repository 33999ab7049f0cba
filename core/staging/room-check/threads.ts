import { asBuffer } from '#core/platform/thread-bytes.ts'
import { createThreadPool } from '#core/platform/thread-pool.ts'
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
 * A check as its thread hands it back: with the photo-sized image when asked for, and the cells the
 * pixels alone read as changed (check.ts Analysis.pixelChanges), from which index.ts tells whether
 * the answer's label map could still change the verdict.
 */
type ThreadCheck = { check: RoomCheck; image?: Buffer; pixelChanges: ChangedCells | null } | { failed: string }

type Answer = { output: ThreadCheck } | { error: string }

const checkTask = createThreadPool<CheckTask & { image: boolean }, Answer, ThreadCheck>({
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
		{ image: Buffer; check: RoomCheck; pixelChanges: ChangedCells | null } | { failed: string }
	>

/**
 * The check's verdict alone (a second look with the label maps, naming what an answer added): the
 * full-size warp and JPEG (~0.4 s of CPU at 12 MP) are not spent on it.
 */
export const verdictOnThread = (task: CheckTask, options?: { urgent?: boolean }) =>
	checkTask({ ...task, image: false }, options) as Promise<{ check: RoomCheck } | { failed: string }>
