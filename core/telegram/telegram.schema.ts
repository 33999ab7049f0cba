import { z } from 'zod'

/** Jobs of the Telegram door; payloads are parsed when they run (jobs outlive deploys). */
export const TELEGRAM_INTAKE_TASK = 'telegram_intake'
export const TELEGRAM_PROGRESS_TASK = 'telegram_progress'

export const IntakeJobSchema = z.object({ intakeId: z.string().uuid() })
