import type { Task } from 'graphile-worker'
import { renderTransformationArea, TransformRenderJobSchema } from '#core/transformations/render-transformation.ts'

export const renderTransformationTask: Task = async (payload, helpers) => {
	await renderTransformationArea(TransformRenderJobSchema.parse(payload), {
		attempts: helpers.job.attempts,
		maxAttempts: helpers.job.max_attempts,
	})
}
