import { config } from './config.ts'
import { createMailer } from './mail/index.ts'
import type { Mailer } from './mail/mailer.ts'

let instance: Mailer | undefined

/** The configured mailer: SMTP when SMTP_URL is set, the outbox folder otherwise. */
export function mailer(): Mailer {
	return (instance ??= createMailer(config().mail))
}
