import { waitingOutOutages } from './mail-outage.ts'
import type { Mailer } from './mailer.ts'
import { createOutboxMailer } from './outbox.ts'
import { createSmtpMailer } from './smtp.ts'

export type { MailAddress, MailAttachment, Mailer, MailMessage } from './mailer.ts'

export interface MailOptions {
	/** When absent, mail goes to the outbox folder instead of a server. */
	smtpUrl?: string
	outboxDir: string
	/** Default sender, e.g. `Rendo <hello@example.com>`. */
	from: string
}

export function createMailer({ smtpUrl, outboxDir, from }: MailOptions): Mailer {
	return smtpUrl
		? waitingOutOutages(createSmtpMailer({ url: smtpUrl, from }))
		: createOutboxMailer({ dir: outboxDir, from })
}
