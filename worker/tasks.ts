import type { TaskList } from 'graphile-worker'
import { PRUNE_RATE_LIMITS_TASK } from '#core/accounts/rate-limit.ts'
import { BROCHURE_EMAIL_TASK, BROCHURE_PDF_TASK, BROCHURE_ROOM_TASK } from '#core/brochures/jobs.ts'
import { RENDER_TRIAL_TASK } from '#core/leads/start-trial.ts'
import { CLEANUP_TASK } from '#core/studio/cleanup.ts'
import { RELABEL_TASK } from '#core/disclosure/originals-address.ts'
import { ROLLUP_TASK } from '#core/ops/monthly-rollup.ts'
import { NAME_CONTENTS_TASK } from '#core/studio/name-contents.ts'
import { DELIVER_TASK, STAGE_TASK } from '#core/staging/request.ts'
import { TRANSFORM_RENDER_TASK } from '#core/transformations/transformations.ts'
import { TRANSFORM_EMAIL_TASK } from '#core/transformations/render-transformation.ts'
import { brochureEmailTask } from './tasks/brochure-email.ts'
import { brochurePdfTask } from './tasks/brochure-pdf.ts'
import { brochureRoomTask } from './tasks/brochure-room.ts'
import { completeProjectCleanup } from './tasks/complete-project-cleanup.ts'
import { relabelFinalImagesTask } from './tasks/relabel-final-images.ts'
import { renderTrialTask } from './tasks/render-trial.ts'
import { deliverRenderTask } from './tasks/deliver-render.ts'
import { nameContentsTask } from './tasks/name-contents.ts'
import { stageRenderTask } from './tasks/stage-render.ts'
import { sendMail } from './tasks/send-mail.ts'
import { pruneRateLimitsTask } from './tasks/prune-rate-limits.ts'
import { rollupMonthlyMetrics } from './tasks/rollup-monthly-metrics.ts'
import { renderTransformationTask } from './tasks/render-transformation.ts'
import { emailTransformationResultsTask } from './tasks/email-transformation-results.ts'
import { telegramTasks } from './tasks/telegram.ts'
import { waitingOutMailAll } from './waits-out-mail.ts'

/**
 * Each task parses its payload (jobs outlive deploys) and calls one core service; a mail server
 * that refuses makes a task wait, not fail (waits-out-mail.ts).
 */
export const taskList: TaskList = waitingOutMailAll({
	send_mail: sendMail,
	[STAGE_TASK]: stageRenderTask,
	[DELIVER_TASK]: deliverRenderTask,
	[NAME_CONTENTS_TASK]: nameContentsTask,
	[RENDER_TRIAL_TASK]: renderTrialTask,
	[ROLLUP_TASK]: rollupMonthlyMetrics,
	[PRUNE_RATE_LIMITS_TASK]: pruneRateLimitsTask,
	[TRANSFORM_RENDER_TASK]: renderTransformationTask,
	[TRANSFORM_EMAIL_TASK]: emailTransformationResultsTask,
	[CLEANUP_TASK]: completeProjectCleanup,
	[RELABEL_TASK]: relabelFinalImagesTask,
	[BROCHURE_ROOM_TASK]: brochureRoomTask,
	[BROCHURE_PDF_TASK]: brochurePdfTask,
	[BROCHURE_EMAIL_TASK]: brochureEmailTask,
	...telegramTasks,
})

/**
 * The tasks that wait on a remote staging vendor. With a vendor configured they run in a pool of
 * their own (RENDER_CONCURRENCY jobs), so a slow vendor never takes the slots that CPU work and
 * e-mail need, and fitting what the vendor answered for an import (deliver_render) stays in the CPU
 * pool, so a wave of it never holds the slots the next submits need (an agent's answer is fitted
 * by the job that received it, on the same CPU slots: core/staging/stage-render.ts); with the local
 * preview, rendering is CPU work and stays with everything else.
 */
export function splitTaskList(remoteStaging: boolean): { cpu: TaskList; provider: TaskList | null } {
	if (!remoteStaging) return { cpu: taskList, provider: null }
	const { [STAGE_TASK]: stage, ...cpu } = taskList
	return { cpu, provider: { [STAGE_TASK]: stage } }
}
