import { parentPort } from 'node:worker_threads'
import { renderPreview, type PreviewTask } from './local-preview.ts'
import { RenderError } from './provider.ts'

/** One local preview render at a time, on this worker thread; see preview-threads.ts. */
parentPort!.on('message', async ({ image, ...rest }: PreviewTask) => {
	try {
		const output = await renderPreview({
			...rest,
			image: Buffer.from(image.buffer, image.byteOffset, image.byteLength),
		})
		parentPort!.postMessage({ output })
	} catch (error) {
		const retryable = error instanceof RenderError ? error.retryable : true
		parentPort!.postMessage({ error: { message: error instanceof Error ? error.message : String(error), retryable } })
	}
})
