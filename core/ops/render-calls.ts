import { renderCalls } from '#db/schema/ops.ts'
import { db } from '#core/platform/db.ts'
import { logger } from '#core/platform/logger.ts'

/**
 * Each call to a staging provider leaves a row (outcome, time taken) in render_calls for the
 * operations dashboard. The row is written after the call and its failure is only logged:
 * bookkeeping never fails a render.
 */
export async function recordProviderCall(provider: string, ok: boolean, durationMs: number, error?: unknown) {
	const errorMessage =
		error === undefined ? null : (error instanceof Error ? error.message : String(error)).slice(0, 500)
	await db
		.insert(renderCalls)
		.values({ provider, ok, durationMs: Math.round(durationMs), errorMessage })
		.catch((failure: unknown) => logger.warn({ err: failure }, 'render call not recorded'))
}
