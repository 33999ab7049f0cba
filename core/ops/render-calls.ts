import { renderCalls } from '#db/schema/ops.ts'
import type { Renderer } from '#core/render/index.ts'
import { db } from '#core/platform/db.ts'
import { logger } from '#core/platform/logger.ts'

/**
 * Wraps a renderer so each provider call leaves a row (outcome, time taken) in render_calls. The
 * row is written after the call and its failure is only logged: bookkeeping never fails a render.
 */
export function recordingRenderer(inner: Renderer, provider: string): Renderer {
	return {
		async render(input) {
			const started = performance.now()
			const record = (ok: boolean, errorMessage: string | null, name = provider) =>
				db
					.insert(renderCalls)
					.values({ provider: name, ok, durationMs: Math.round(performance.now() - started), errorMessage: errorMessage?.slice(0, 500) })
					.catch((error: unknown) => logger.warn({ err: error }, 'render call not recorded'))
			try {
				const output = await inner.render(input)
				await record(true, null, output.provider)
				return output
			} catch (error) {
				await record(false, error instanceof Error ? error.message : String(error))
				throw error
			}
		},
	}
}
