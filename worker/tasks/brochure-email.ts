import type { Task } from 'graphile-worker'
import { BrochureEmailJob } from '#core/brochures/jobs.ts'
import { deliverBrochureEmail } from '#core/brochures/send-brochure.ts'

export const brochureEmailTask: Task = async (payload) => {
	await deliverBrochureEmail(BrochureEmailJob.parse(payload))
}
