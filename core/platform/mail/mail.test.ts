import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '#core/platform/free-port.ts'
import { createMailer } from '#core/platform/mail/index.ts'
import { MailServerDownError } from '#core/platform/mail/mail-outage.ts'

interface MimePart {
	headers: Record<string, string>
	body: string
	parts: MimePart[]
}

/** Just enough MIME to find headers, nested multipart bodies and attachments. */
function parseMime(raw: string): MimePart {
	const split = raw.indexOf('\r\n\r\n')
	const headerLines = raw
		.slice(0, split)
		.replace(/\r\n[ \t]+/g, ' ')
		.split('\r\n')
	const headers = Object.fromEntries(
		headerLines.map((line) => [
			line.slice(0, line.indexOf(':')).toLowerCase(),
			line.slice(line.indexOf(':') + 1).trim(),
		]),
	)
	const body = raw.slice(split + 4)
	const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1]
	const parts = boundary
		? body
				.split(`--${boundary}`)
				.slice(1, -1)
				.map((part) => parseMime(part.replace(/^\r\n/, '')))
		: []
	return { headers, body, parts }
}

function leaves(part: MimePart): MimePart[] {
	return part.parts.length ? part.parts.flatMap(leaves) : [part]
}

function expectMessage(raw: string, expected: { to: string; subject: string; text: string; attachment: Buffer }) {
	const mail = parseMime(raw)
	expect(mail.headers.to).toBe(expected.to)
	expect(mail.headers.subject).toBe(expected.subject)
	expect(mail.headers['message-id']).toMatch(/^<.+@.+>$/)

	const [textPart, htmlPart, attachment] = leaves(mail)
	expect(textPart.headers['content-type']).toMatch(/^text\/plain/)
	expect(textPart.body.trim()).toBe(expected.text)
	expect(htmlPart.headers['content-type']).toMatch(/^text\/html/)
	expect(attachment.headers['content-disposition']).toBe('attachment; filename=report.pdf')
	expect(attachment.headers['content-type']).toBe('application/pdf; name=report.pdf')
	expect(Buffer.from(attachment.body, 'base64').equals(expected.attachment)).toBe(true)
}

describe('outbox mailer', () => {
	let dir: string

	beforeAll(async () => {
		dir = join(await mkdtemp(join(tmpdir(), 'rendo-mail-')), 'outbox')
	})
	afterAll(() => rm(join(dir, '..'), { recursive: true, force: true }))

	it('writes each message as a complete .eml file, oldest first by name', async () => {
		const mailer = createMailer({ outboxDir: dir, from: 'Rendo <hello@rendo.test>' })
		const pdf = randomBytes(3000)

		const first = await mailer.send({
			to: 'ada@example.com',
			subject: 'Your invoice',
			text: 'Invoice attached.',
			html: '<p>Invoice attached.</p>',
			attachments: [{ filename: 'report.pdf', content: pdf, contentType: 'application/pdf' }],
		})
		const second = await mailer.send({ to: 'bob@example.com', subject: 'Second', text: 'Two.' })

		const files = (await readdir(dir)).sort()
		expect(files).toHaveLength(2)
		expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-.+\.eml$/)
		expect(files[0]).toContain(first.messageId.slice(1, -1))
		expect(files[1]).toContain(second.messageId.slice(1, -1))

		const raw = await readFile(join(dir, files[0]), 'utf8')
		expect(parseMime(raw).headers.from).toBe('Rendo <hello@rendo.test>')
		expect(parseMime(raw).headers['message-id']).toBe(first.messageId)
		expectMessage(raw, { to: 'ada@example.com', subject: 'Your invoice', text: 'Invoice attached.', attachment: pdf })
	})
})

describe('SMTP mailer', () => {
	const received: { from: string; to: string[]; user?: string; data: string }[] = []
	let server: SMTPServer
	let port: number

	beforeAll(async () => {
		server = new SMTPServer({
			authOptional: true,
			allowInsecureAuth: true,
			disabledCommands: ['STARTTLS'],
			logger: false,
			onAuth(auth, _session, callback) {
				if (auth.username === 'rendo' && auth.password === 's3cret') callback(null, { user: auth.username })
				else callback(new Error('Invalid username or password'))
			},
			onData(stream, session, callback) {
				text(stream).then((data) => {
					const { mailFrom, rcptTo } = session.envelope
					received.push({
						from: mailFrom ? mailFrom.address : '',
						to: rcptTo.map((r) => r.address),
						user: session.user as string | undefined,
						data,
					})
					callback()
				}, callback)
			},
		})
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		port = (server.server.address() as AddressInfo).port
	})
	afterAll(() => new Promise<void>((resolve) => server.close(resolve)))

	it('delivers the envelope, headers, body and a streamed attachment, logging in with the URL credentials', async () => {
		const mailer = createMailer({
			smtpUrl: `smtp://rendo:s3cret@127.0.0.1:${port}`,
			outboxDir: '/nonexistent',
			from: 'Rendo <hello@rendo.test>',
		})
		const pdf = randomBytes(5000)

		const { messageId } = await mailer.send({
			to: 'ada@example.com',
			subject: 'Welcome to Rendo',
			text: 'Hello Ada.',
			html: '<p>Hello Ada.</p>',
			attachments: [{ filename: 'report.pdf', content: Readable.from(pdf), contentType: 'application/pdf' }],
		})

		expect(received).toHaveLength(1)
		const [mail] = received
		expect(mail.user).toBe('rendo')
		expect(mail.from).toBe('hello@rendo.test')
		expect(mail.to).toEqual(['ada@example.com'])
		expect(parseMime(mail.data).headers['message-id']).toBe(messageId)
		expectMessage(mail.data, {
			to: 'ada@example.com',
			subject: 'Welcome to Rendo',
			text: 'Hello Ada.',
			attachment: pdf,
		})
	})

	it('rejects promptly when nothing listens on the port: the server is away, and the mail is to wait', async () => {
		const mailer = createMailer({
			smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
			outboxDir: '/nonexistent',
			from: 'a@b.test',
		})
		const refused = mailer.send({ to: 'ada@example.com', subject: 'x', text: 'x' })
		await expect(refused).rejects.toBeInstanceOf(MailServerDownError)
		await expect(refused).rejects.toMatchObject({ cause: { code: 'ESOCKET' } })
	}, 5_000)
})
