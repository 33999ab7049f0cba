import type { Task } from 'graphile-worker'
import { buildBrochure } from '#core/brochures/build-brochure.ts'
import { BrochurePdfJob } from '#core/brochures/jobs.ts'

export const brochurePdfTask: Task = async (payload, helpers) => {
	await buildBrochure(BrochurePdfJob.parse(payload).brochureId, {
		attempts: helpers.job.attempts,
		maxAttempts: helpers.job.max_attempts,
	})
}
