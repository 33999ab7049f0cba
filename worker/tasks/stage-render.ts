import type { Task } from 'graphile-worker'
import { z } from 'zod'
import { stageRender } from '#core/staging/stage-render.ts'

const StageJob = z.object({ stagingId: z.string().uuid() })

export const stageRenderTask: Task = async (payload, helpers) => {
	await stageRender(StageJob.parse(payload).stagingId, {
		attempts: helpers.job.attempts,
		maxAttempts: helpers.job.max_attempts,
	})
}
