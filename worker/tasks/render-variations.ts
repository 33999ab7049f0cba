import type { Task } from 'graphile-worker'
import { RenderJobSchema } from '#core/studio/process-room.ts'
import { renderVariations } from '#core/studio/render-variations.ts'

export const renderVariationsTask: Task = async (payload, helpers) => {
	await renderVariations(RenderJobSchema.parse(payload), {
		attempts: helpers.job.attempts,
		maxAttempts: helpers.job.max_attempts,
	})
}
