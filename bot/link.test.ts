import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { telegramLinkCodes, telegramLinks } from '#db/schema/telegram.ts'
import { db } from '#core/platform/db.ts'
import { createLinkCode, LINK_CODE_EXPIRED, LINK_CODE_USED } from '#core/telegram/links.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { fakeBotApiWithRunningBot } from '#tests/telegram/bot-harness.ts'
import { telegramUser } from '#tests/telegram/fake-bot-api.ts'
import { smallRoomPhoto } from '#tests/studio.ts'

const fake = await fakeBotApiWithRunningBot()

const linkOf = async (telegramUserId: number) =>
	(await db.select().from(telegramLinks).where(eq(telegramLinks.telegramUserId, telegramUserId)))[0]

describe('linking a Telegram account with a one-time code', () => {
	test('a good code links, the same code again is refused as used, an expired one as expired', async () => {
		const user = await insertUser()
		const { code } = await createLinkCode(actorFor(user))
		const agent = telegramUser(7001)

		const since = fake.calls.length
		fake.sendText(agent, `/start ${code}`)
		await fake.waitForMessage(`Connected to the Rendo account ${user.email}`, { since })
		expect(await linkOf(agent.id)).toMatchObject({ userId: user.id, telegramUsername: agent.username })

		const stranger = telegramUser(7002)
		fake.sendText(stranger, `/start ${code}`)
		await fake.waitForMessage(LINK_CODE_USED, { since })
		expect(await linkOf(stranger.id)).toBeUndefined()

		const expiring = await createLinkCode(actorFor(user))
		await db
			.update(telegramLinkCodes)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(telegramLinkCodes.userId, user.id))
		fake.sendText(stranger, `/start ${expiring.code}`)
		await fake.waitForMessage(LINK_CODE_EXPIRED, { since })
		expect(await linkOf(stranger.id)).toBeUndefined()
		expect((await linkOf(agent.id)).userId).toBe(user.id)
	})

	test('an unlinked user gets the explanation, and nothing else works for them', async () => {
		const stranger = telegramUser(7100)
		const explained = (since: number) => fake.waitForMessage('first connect yours', { since })

		let since = fake.calls.length
		fake.sendText(stranger, '/status')
		const message = await explained(since)

		since = fake.calls.length
		fake.sendPhoto(stranger, fake.registerFile(await smallRoomPhoto()))
		await explained(since)

		since = fake.calls.length
		fake.pressData(stranger, message, 'fv:AAAAAAAAAAAAAAAAAAAAAA')
		const answer = await fake.waitFor('answerCallbackQuery', () => true, { since })
		expect(answer.params).toMatchObject({
			show_alert: true,
			text: expect.stringContaining('Connect your Rendo account'),
		})
		expect(fake.callsTo('getFile')).toHaveLength(0)
		expect(fake.downloads).toHaveLength(0)
	})

	test('/unlink removes the link', async () => {
		const user = await insertUser()
		const { code } = await createLinkCode(actorFor(user))
		const agent = telegramUser(7200)
		const since = fake.calls.length
		fake.sendText(agent, `/start ${code}`)
		await fake.waitForMessage('Connected', { since })
		fake.sendText(agent, '/unlink')
		await fake.waitForMessage('Disconnected', { since })
		expect(await linkOf(agent.id)).toBeUndefined()
	})
})
