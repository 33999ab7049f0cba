import type { Task } from 'graphile-worker'
import { z } from 'zod'
import { mailer } from '#core/platform/mail.ts'

const SendMailJob = z.object({
	to: z.string().email(),
	subject: z.string().min(1),
	text: z.string(),
	html: z.string().optional(),
})

export const sendMail: Task = async (payload) => {
	await mailer().send(SendMailJob.parse(payload))
}
