import type { Task } from 'graphile-worker'
import { processIntake } from '#core/telegram/process-intake.ts'
import { reportProgress } from '#core/telegram/progress.ts'
import { sendTelegramNotice } from '#core/telegram/notices.ts'
import {
	IntakeJobSchema,
	NoticeJobSchema,
	TELEGRAM_INTAKE_TASK,
	TELEGRAM_NOTICE_TASK,
	TELEGRAM_PROGRESS_TASK,
} from '#core/telegram/telegram.schema.ts'
import { telegramGateway } from '#core/telegram/gateway.ts'

/** Downloads, stores and queues the renders of a batch of photos sent to the bot. */
const telegramIntake: Task = async (payload, helpers) => {
	const { intakeId, sameRoom } = IntakeJobSchema.parse(payload)
	await processIntake(
		await telegramGateway(),
		intakeId,
		{ final: helpers.job.attempts >= helpers.job.max_attempts },
		{ sameRoom },
	)
}

/** Keeps the batch's status message up to date and sends each finished room and style. */
const telegramProgress: Task = async (payload) => {
	await reportProgress(await telegramGateway(), IntakeJobSchema.parse(payload).intakeId)
}

/** A plain message to a linked user (a ticket answered or resolved). */
const telegramNotice: Task = async (payload) => {
	await sendTelegramNotice(await telegramGateway(), NoticeJobSchema.parse(payload))
}

/** The Telegram door's jobs; they talk to Telegram through the gateway core hands them (core/telegram/gateway.ts). */
export const telegramTasks = {
	[TELEGRAM_INTAKE_TASK]: telegramIntake,
	[TELEGRAM_PROGRESS_TASK]: telegramProgress,
	[TELEGRAM_NOTICE_TASK]: telegramNotice,
}
