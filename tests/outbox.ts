import fs from 'node:fs'
import path from 'node:path'
import { config } from '#core/platform/config.ts'

/** The e-mails the outbox mailer wrote in this test file, decoded enough to search their text. */
export function outboxMessages() {
	const dir = config().mail.outboxDir
	if (!fs.existsSync(dir)) return []
	return fs
		.readdirSync(dir)
		.filter((name) => name.endsWith('.eml'))
		.sort()
		.map((name) => {
			const raw = fs.readFileSync(path.join(dir, name), 'utf8')
			const header = (field: string) => raw.match(new RegExp(`^${field}: (.*)$`, 'mi'))?.[1]?.trim() ?? ''
			// quoted-printable soft breaks and escapes, so the body reads as written
			const body = raw
				.slice(raw.indexOf('\r\n\r\n') + 4)
				.replace(/=\r\n/g, '')
				.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
			return { to: header('To'), subject: header('Subject'), body }
		})
}
