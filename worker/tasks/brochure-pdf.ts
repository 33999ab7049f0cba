import type { Task } from 'graphile-worker'
import { buildBrochure } from '#core/brochures/build-brochure.ts'
import { BrochurePdfJob } from '#core/brochures/jobs.ts'

export const brochurePdfTask: Task = async (payload) => {
	await buildBrochure(BrochurePdfJob.parse(payload).brochureId)
}
