import type { Task } from 'graphile-worker'
import { cleanUpCompletedProject, CleanupJobSchema } from '#core/studio/cleanup.ts'

export const completeProjectCleanup: Task = async (payload) => {
	await cleanUpCompletedProject(CleanupJobSchema.parse(payload))
}
