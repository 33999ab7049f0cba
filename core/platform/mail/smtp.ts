import nodemailer from 'nodemailer'
import type { Mailer } from './mailer.ts'

export interface SmtpOptions {
	/** `smtp://user:pass@host:port` or `smtps://…`; query parameters such as `?ignoreTLS=true` pass through to nodemailer. */
	url: string
	from: string
}

export function createSmtpMailer({ url, from }: SmtpOptions): Mailer {
	const transport = nodemailer.createTransport({
		url,
		// nodemailer's defaults (2 min to connect, 10 min idle) would hold a request or job that long on a dead server.
		connectionTimeout: 10_000,
		greetingTimeout: 10_000,
		socketTimeout: 60_000,
	})

	return {
		async send(msg) {
			const info = await transport.sendMail({ ...msg, from: msg.from ?? from })
			return { messageId: info.messageId }
		},
	}
}
