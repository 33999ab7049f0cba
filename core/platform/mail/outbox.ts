import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { Mailer } from './mailer.ts'

export interface OutboxOptions {
	dir: string
	from: string
}

/**
 * Writes each message to `<dir>/<UTC time>-<message id>.eml` instead of sending it, so
 * development and tests need no mail server and any mail client can open the result.
 */
export function createOutboxMailer({ dir, from }: OutboxOptions): Mailer {
	// RFC 5322 lines end in CRLF; the stream transport would otherwise write bare LF.
	const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })

	return {
		async send(msg) {
			const info = await transport.sendMail({ ...msg, from: msg.from ?? from })
			const time = new Date().toISOString().replace(/[:.]/g, '-')
			const name = `${time}-${info.messageId.replace(/[^\w.@-]/g, '')}.eml`
			await mkdir(dir, { recursive: true })
			// Whoever watches the folder only ever sees complete files.
			const temp = join(dir, `.${name}.tmp`)
			await writeFile(temp, info.message as Buffer)
			await rename(temp, join(dir, name))
			return { messageId: info.messageId }
		},
	}
}
