import type { Readable } from 'node:stream'

export interface MailAttachment {
	filename: string
	content: Buffer | Readable
	contentType?: string
}

export interface MailMessage {
	to: string
	/** Defaults to the mailer's configured sender. */
	from?: string
	subject: string
	text: string
	html?: string
	attachments?: MailAttachment[]
}

export interface Mailer {
	send(msg: MailMessage): Promise<{ messageId: string }>
}
