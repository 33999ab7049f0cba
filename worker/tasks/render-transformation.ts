import type { Task } from 'graphile-worker'
import { renderTransformationArea, TransformRenderJobSchema } from '#core/transformations/render-transformation.ts'

export const renderTransformationTask: Task = async (payload) => {
	await renderTransformationArea(TransformRenderJobSchema.parse(payload))
}
