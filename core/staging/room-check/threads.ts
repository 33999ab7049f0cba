import { asBuffer } from '#core/platform/thread-bytes.ts'
import { createThreadPool } from '#core/platform/thread-pool.ts'
import type { Labels } from './segment.ts'
import type { CheckedImage } from './types.ts'

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

type Answer = { output: CheckedImage } | { error: string }

export const checkOnThread = createThreadPool<CheckTask, Answer, CheckedImage>({
	module: new URL('./worker.ts', import.meta.url),
	read(answer) {
		if ('error' in answer) throw new Error(`The room check failed: ${answer.error}`)
		const { output } = answer
		return 'image' in output ? { ...output, image: asBuffer(output.image) } : output
	},
	crashed: (error) => new Error(`The room check's thread stopped: ${error.message}`, { cause: error }),
})
