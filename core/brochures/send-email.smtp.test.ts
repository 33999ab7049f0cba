import { afterAll, expect, test, vi } from 'vitest'
import { loader as listLoader } from '#app/routes/api+/agent.brochures.ts'
import { action as sendAction } from '#app/routes/api+/brochures.$id.send-email.ts'
import { loader as downloadLoader } from '#app/routes/api+/brochures.$uniqueToken.ts'
import { call } from '#tests/brochures.ts'
import { onboardAgent } from '#core/accounts/agent-profile.ts'
import { config } from '#core/platform/config.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { getRequest, jsonRequest } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import type { AgentBrochure } from './agent-brochures.ts'
import { postTwoRoomPreference } from '#tests/preferences.ts'

// A real SMTP server on loopback (tests/smtp-server.ts), and the mail service pointed at it before anything reads the config.
const smtp = await vi.hoisted(async () => {
	const server = await (await import('#tests/smtp-server.ts')).startSmtpServer()
	process.env.SMTP_URL = server.url
	return server
})
afterAll(() => smtp.close())

test('Send to Buyer goes out over SMTP with the buyer name, a link that opens the brochure, and replies going to the agent', async () => {
	const user = await insertUser({ firstName: 'Sam' })
	const cookie = await cookieFor(user)
	// The agent's profile: its name and e-mail are where the buyer's replies go.
	const agentEmail = `sam.${user.id.slice(0, 8)}@harbourhomes.example`
	await onboardAgent(actorFor(user), { companyName: 'Harbour Homes', agentName: "Sam O'Neill", email: agentEmail })
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
