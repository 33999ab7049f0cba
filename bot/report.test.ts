import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { issueTickets } from '#db/schema/tickets.ts'
import { db } from '#core/platform/db.ts'
import { createProject } from '#core/studio/projects.ts'
import { setCurrentProject } from '#core/telegram/links.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { fakeBotApiWithRunningBot, linkAccount } from '#tests/telegram/bot-harness.ts'
import { telegramUser } from '#tests/telegram/fake-bot-api.ts'

const fake = await fakeBotApiWithRunningBot()

async function agent(telegramUserId: number) {
	const user = await insertUser()
	await linkAccount(user, telegramUserId)
	const project = await createProject(actorFor(user), { propertyAddress: '3 Quay Street, Bristol' })
	await setCurrentProject(actorFor(user), project.id)
	return { user, project, tg: telegramUser(telegramUserId) }
}

describe('/report', () => {
	test('issue type buttons, then the description, answered with the ticket number', async () => {
		const { user, project, tg } = await agent(9301)
		const since = fake.calls.length
		fake.sendText(tg, '/report')
		const question = await fake.waitForMessage('What kind of issue is it?', { since })
		expect(question.reply_markup!.inline_keyboard.flat()).toHaveLength(12)
		fake.press(tg, question, 'Processing Stuck')
		await fake.waitFor(
			'editMessageText',
			(c) => c.params.text === 'Processing Stuck · 3 Quay Street, Bristol\n\nDescribe what happened in one message.',
			{ since },
		)

		fake.sendText(tg, 'The kitchen has been processing for an hour.')
		const answer = await fake.waitForMessage(/^Thank you\. Your ticket number is RND-\d{4}-\d{6}\./, { since })
		const [ticket] = await db.select().from(issueTickets).where(eq(issueTickets.userId, user.id))
		expect(answer.text).toContain(ticket.ticketNumber)
		expect(ticket).toMatchObject({
			projectId: project.id,
			issueType: 'processing-stuck',
			description: 'The kitchen has been processing for an hour.',
			userAgent: 'telegram',
		})
	})

	test('a command in between ends the report: the next text is not a description', async () => {
		const { user, tg } = await agent(9302)
		const since = fake.calls.length
		fake.sendText(tg, '/report')
		fake.press(tg, await fake.waitForMessage('What kind of issue is it?', { since }), 'Other')
		await fake.waitFor('editMessageText', (c) => String(c.params.text).startsWith('Other'), { since })
		fake.sendText(tg, '/help')
		await fake.waitForMessage('/report – report an issue', { since })
		fake.sendText(tg, 'hello there')
		await fake.waitForMessage('I did not understand that.', { since })
		expect(await db.select().from(issueTickets).where(eq(issueTickets.userId, user.id))).toHaveLength(0)
	})
})
