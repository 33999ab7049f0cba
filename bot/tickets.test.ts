import { afterAll, expect, test, vi } from 'vitest'
import { addComment, reportIssue, resolveTicket, startWork } from '#core/tickets/tickets.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { linkAccount, runBotDuringFile } from '#tests/telegram/bot-harness.ts'
import { FakeBotApi, telegramUser } from '#tests/telegram/fake-bot-api.ts'

// The worker's notice job reads the bot's settings from the environment: the fake is up first.
const fake = await vi.hoisted(() =>
	import('#tests/telegram/fake-bot-api.ts').then((m) => m.FakeBotApi.startAsConfigured()),
)
afterAll(() => FakeBotApi.forgetSettings())
runBotDuringFile(fake)

test('/tickets lists the agent’s own reports; a tap opens one with the public replies, never internal notes', async () => {
	const user = await insertUser({ role: 'agent' })
	await linkAccount(user, 9501)
	const tg = telegramUser(9501)
	let since = fake.calls.length
	fake.sendText(tg, '/tickets')
	await fake.waitForMessage('You have not reported any issues. Use /report to tell us what went wrong.', { since })

	const staff = actorFor(await insertUser({ role: 'admin', firstName: 'Sam' }))
	const { ticketId, ticketNumber } = await reportIssue(actorFor(user), {
		issueType: 'other',
		description: 'Albums arrive twice',
	})
	await addComment(staff, ticketId, { comment: 'INTERNAL: duplicate webhook', isInternal: true })
	await addComment(staff, ticketId, { comment: 'Fixed on our side, sorry', isInternal: false })
	// Someone else's ticket is never listed.
	await reportIssue(actorFor(await insertUser()), { issueType: 'other', description: 'Not yours' })

	since = fake.calls.length
	fake.sendText(tg, '/tickets')
	const list = await fake.waitForMessage('Your tickets', { since })
	expect(list.text).toContain(`${ticketNumber} · Open · 1 reply`)
	expect(list.text).not.toContain('Not yours')

	since = fake.calls.length
	fake.press(tg, list, `${ticketNumber} · Other`)
	const opened = await fake.waitForMessage(`${ticketNumber} · Open\n`, { since })
	expect(opened.text).toContain('Albums arrive twice')
	expect(opened.text).toContain('Sam: Fixed on our side, sorry')
	expect(opened.text).not.toContain('INTERNAL')
})

test('a linked reporter hears in Telegram when staff reply publicly and when the ticket is resolved; internal notes stay silent', async () => {
	const user = await insertUser({ role: 'agent' })
	await linkAccount(user, 9502)
	const staff = actorFor(await insertUser({ role: 'admin', firstName: 'Sam' }))
	const { ticketId, ticketNumber } = await reportIssue(actorFor(user), {
		issueType: 'other',
		description: 'Downloads stall',
	})
	const since = fake.calls.length
	await addComment(staff, ticketId, { comment: 'INTERNAL: CDN again', isInternal: true })
	await addComment(staff, ticketId, { comment: 'Try again now, please', isInternal: false })
	await startWork(staff, ticketId)
	await resolveTicket(staff, ticketId, 'The CDN cache was cleared')
	await drainJobs()

	const sent = fake.calls
		.slice(since)
		.filter((c) => c.method === 'sendMessage' && c.params.chat_id === 9502)
		.map((c) => String(c.params.text))
	expect(sent).toEqual([
		`Sam replied to your ticket ${ticketNumber} (Other):\n\nTry again now, please`,
		`Your ticket ${ticketNumber} (Other) is resolved.\n\nThe CDN cache was cleared`,
	])
})
