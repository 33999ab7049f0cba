import { asBuffer } from '#core/platform/thread-bytes.ts'
import { createThreadPool } from '#core/platform/thread-pool.ts'
import type { PreviewOutput, PreviewTask } from './local-preview.ts'
import { RenderError } from './provider.ts'

/**
 * Runs local preview renders on worker threads, one per core. Grading 12 megapixels in
 * JavaScript takes ~0.1 s; on the main thread it held up the web process (which runs jobs inline)
 * and the second render of a pair, and the pipeline cost 1.3-1.4 × the same renders done bare.
 */
type Answer = { output: PreviewOutput } | { error: { message: string; retryable: boolean } }

export const renderOnThread = createThreadPool<PreviewTask, Answer, PreviewOutput>({
	module: new URL('./preview-worker.ts', import.meta.url),
	read(answer) {
		if ('error' in answer) throw new RenderError(answer.error.message, answer.error.retryable)
		const { output } = answer
		const renditions = output.renditions.map(({ size, bytes }) => ({ size, bytes: asBuffer(bytes) }))
		return { ...output, image: asBuffer(output.image), renditions }
	},
	crashed: (error) => new RenderError(`The preview renderer stopped: ${error.message}`, true, { cause: error }),
})
