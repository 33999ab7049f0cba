import { z } from 'zod'

/** Jobs of the Telegram door; payloads are parsed when they run (jobs outlive deploys). */
export const TELEGRAM_INTAKE_TASK = 'telegram_intake'
export const TELEGRAM_PROGRESS_TASK = 'telegram_progress'
export const TELEGRAM_NOTICE_TASK = 'telegram_notice'
export const NoticeJobSchema = z.object({ userId: z.string().uuid(), text: z.string().min(1).max(4096) })

export const IntakeJobSchema = z.object({
	intakeId: z.string().uuid(),
	/** Room types whose photos the agent said are views of one room (the first photo its first view). */
	sameRoom: z.array(z.string()).default([]),
})
