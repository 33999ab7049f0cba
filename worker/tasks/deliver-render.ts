import type { Task } from 'graphile-worker'
import { z } from 'zod'
import { deliverRender } from '#core/staging/stage-render.ts'

const DeliverJob = z.object({ stagingId: z.string().uuid() })

export const deliverRenderTask: Task = async (payload, helpers) => {
	await deliverRender(DeliverJob.parse(payload).stagingId, {
		attempts: helpers.job.attempts,
		maxAttempts: helpers.job.max_attempts,
	})
}
