import type { Task } from 'graphile-worker'
import { renderTrial } from '#core/leads/render-trial.ts'
import { RenderTrialJobSchema } from '#core/leads/start-trial.ts'

export const renderTrialTask: Task = async (payload) => {
	await renderTrial(RenderTrialJobSchema.parse(payload))
}
