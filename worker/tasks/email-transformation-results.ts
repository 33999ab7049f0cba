import type { Task } from 'graphile-worker'
import { emailTransformationResults, TransformEmailJobSchema } from '#core/transformations/render-transformation.ts'

export const emailTransformationResultsTask: Task = async (payload) => {
	await emailTransformationResults(TransformEmailJobSchema.parse(payload).transformationId)
}
