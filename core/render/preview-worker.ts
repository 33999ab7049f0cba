import { asBuffer } from '#core/platform/thread-bytes.ts'
import { renderPreview, type PreviewTask } from './local-preview.ts'
import { RenderError } from './provider.ts'

/** One local preview render, on a pool thread (core/platform/thread-entry.mjs); see preview-threads.ts. */
export async function handle({ image, ...rest }: PreviewTask) {
	try {
		const output = await renderPreview({ ...rest, image: asBuffer(image) })
		return { output }
	} catch (error) {
		const retryable = error instanceof RenderError ? error.retryable : true
		return { error: { message: error instanceof Error ? error.message : String(error), retryable } }
	}
}
