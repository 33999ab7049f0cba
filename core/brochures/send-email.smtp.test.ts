import { afterAll, expect, test, vi } from 'vitest'
import { loader as listLoader } from '#app/routes/api+/agent.brochures.ts'
import { action as sendAction } from '#app/routes/api+/brochures.$id.send-email.ts'
import { loader as downloadLoader } from '#app/routes/api+/brochures.$uniqueToken.ts'
import { call } from '#tests/brochures.ts'
import { onboardAgent } from '#core/accounts/agent-profile.ts'
import { giveLogo } from '#tests/checkout.ts'
import { config } from '#core/platform/config.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { getRequest, jsonRequest } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import type { AgentBrochure } from './agent-brochures.ts'
import { MAIL_LOGO_CID } from './brochure-email.ts'
import { postTwoRoomPreference } from '#tests/preferences.ts'

// A real SMTP server on loopback (tests/smtp-server.ts), and the mail service pointed at it before anything reads the config.
const smtp = await vi.hoisted(async () => {
	const server = await (await import('#tests/smtp-server.ts')).startSmtpServer()
	process.env.SMTP_URL = server.url
	return server
})
afterAll(() => smtp.close())

/** The leaf parts of a MIME message: each one's headers, and its body decoded (quoted-printable or base64). */
function mimeParts(data: string) {
	return data
		.split(/^--[^\s]+\r?$/m)
		.map((part) => {
			const split = part.indexOf('\r\n\r\n')
			return { headers: part.slice(0, split), raw: part.slice(split + 4) }
		})
		.filter(({ headers }) => /^Content-Type: (?!multipart)/im.test(headers))
		.map(({ headers, raw }) => {
			const encoding = headers.match(/^Content-Transfer-Encoding: (.*?)\r?$/im)?.[1]
			const body =
				encoding === 'base64'
					? Buffer.from(raw.replace(/\s+/g, ''), 'base64')
					: Buffer.from(
							raw
								.replace(/=\r\n/g, '')
								.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
							'latin1',
						)
			return { headers, body }
		})
}

test("Send to Buyer goes out over SMTP in the agency's brand (its logo inside the message, colours, contact), with the buyer name, a link that opens the brochure, and replies going to the agent", async () => {
	const user = await insertUser({ firstName: 'Sam' })
	const cookie = await cookieFor(user)
	// The agent's profile: its name and e-mail are where the buyer's replies go.
	const agentEmail = `sam.${user.id.slice(0, 8)}@harbourhomes.example`
	await onboardAgent(actorFor(user), {
		companyName: 'Harbour Homes',
		agentName: "Sam O'Neill",
		email: agentEmail,
		phone: '0117 496 0000',
		website: 'harbourhomes.example',
		primaryColor: '#0f2a44',
		accentColor: '#b45309',
	})
	await giveLogo(user, { width: 600, height: 200, colour: '#0f2a44' })
	const submitted = await postTwoRoomPreference(
		cookie,
		{
			clientName: 'Priya Patel',
			propertyAddress: '3 Quay Lane, Bath BA1 1AA',
			stylePreference: 'coastal',
			agentEmail: 'sam@agency.example',
		},
		{ width: 480, height: 360 },
	)
	expect(submitted.status).toBe(201)
	await drainJobs()
	const [brochure] = (await (
		await call(listLoader, getRequest('/api/agent/brochures', { cookie }))
	).json()) as AgentBrochure[]
	expect(brochure.status).toBe('ready')

	const sent = await call(
		sendAction,
		jsonRequest(
			`/api/brochures/${brochure.id}/send-email`,
			{ buyerName: 'Priya Patel', buyerEmail: 'priya@example.com', personalMessage: '' },
			{ cookie },
		),
		{ id: brochure.id },
	)
	expect(sent.status).toBe(200)
	await drainJobs()

	const mail = smtp.state.received.find((m) => m.to.includes('priya@example.com'))!
	expect(mail).toBeDefined()
	const body = mail.data
		.replace(/=\r\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
	expect(body).toMatch(/^Subject: Harbour Homes: your brochure for 3 Quay Lane, Bath BA1 1AA/m)
	// The e-mail says "just reply": the reply goes to the agent, while the sender stays ours.
	expect(body).toMatch(new RegExp(`^Reply-To: "?Sam O'Neill"? <${agentEmail.replace(/\./g, '\\.')}>\r?$`, 'm'))
	expect(body.match(/^From: (.*?)\r?$/m)?.[1]).toBe(config().mail.from)
	expect(body).toContain('Hi Priya Patel')
	expect(body).toMatch(/Content-Type: text\/plain/)
	expect(body).toMatch(/Content-Type: text\/html/)

	// In the agency's brand: its logo inside the message (shown where clients hold back images from
	// the web), its colours and contact, and nothing of Rendo's but a small line at the foot.
	const parts = mimeParts(mail.data)
	const html = parts.find((part) => /^Content-Type: text\/html/im.test(part.headers))!.body.toString('utf8')
	const text = parts.find((part) => /^Content-Type: text\/plain/im.test(part.headers))!.body.toString('utf8')
	const logo = parts.find((part) => /^Content-Type: image\/png/im.test(part.headers))!
	expect(logo.headers).toMatch(new RegExp(`^Content-ID: <${MAIL_LOGO_CID}>`, 'im'))
	expect(logo.body.subarray(1, 4).toString()).toBe('PNG')
	expect(html).toContain(`<img src="cid:${MAIL_LOGO_CID}" alt="Harbour Homes"`)
	expect(html).toContain('background:#0f2a44;color:#ffffff')
	expect(html).toContain('background:#b45309')
	for (const contact of ['0117 496 0000', agentEmail, 'harbourhomes.example']) {
		expect(html).toContain(contact)
		expect(text).toContain(contact)
	}
	for (const part of [html, text]) {
		expect(part).toContain('Made with Rendo')
		expect(part.replace('Made with Rendo', '')).not.toContain('Rendo')
	}
	const link = new URL(body.match(/https?:\/\/[^\s"<]+\/api\/brochures\/[0-9a-f]{32}\?e=[0-9a-f-]{36}/)![0])
	const token = link.pathname.split('/').pop()!
	const pdf = await call(downloadLoader, getRequest(link.pathname + link.search), { uniqueToken: token })
	expect(pdf.status).toBe(200)
	expect(
		Buffer.from(await pdf.arrayBuffer())
			.subarray(0, 5)
			.toString(),
	).toBe('%PDF-')
}, 60_000)
