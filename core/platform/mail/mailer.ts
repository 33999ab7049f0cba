import type { Readable } from 'node:stream'

export interface MailAttachment {
	filename: string
	content: Buffer | Readable
	contentType?: string
	/** Shown inline in the HTML part as `cid:<this>` (an e-mail's logo) rather than listed as a file. */
	cid?: string
}

/** A named address; the name is quoted or encoded as the header needs. */
export interface MailAddress {
	name: string
	address: string
}

export interface MailMessage {
	to: string
	/** Defaults to the mailer's configured sender. */
	from?: string
	/** Where the recipient's replies go when they are for someone else than the sender. */
	replyTo?: MailAddress
	subject: string
	text: string
	html?: string
	attachments?: MailAttachment[]
}

export interface Mailer {
	send(msg: MailMessage): Promise<{ messageId: string }>
}
