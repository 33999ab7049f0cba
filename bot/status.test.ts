import { describe, expect, test } from 'vitest'
import { createProject } from '#core/studio/projects.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { fakeBotApiWithRunningBot, linkAccount } from '#tests/telegram/bot-harness.ts'
import { telegramUser } from '#tests/telegram/fake-bot-api.ts'

const fake = await fakeBotApiWithRunningBot()

describe('/projects, /status and /favorites', () => {
	test('with no property yet, each says so', async () => {
		const user = await insertUser()
		await linkAccount(user, 9401)
		const tg = telegramUser(9401)
		for (const command of ['/projects', '/status', '/favorites']) {
			const since = fake.calls.length
			fake.sendText(tg, command)
			await fake.waitForMessage('No Properties Yet. Send me a room photo to start one.', { since })
		}
	})

	test('/projects lists the properties with progress; tapping one makes it the one /status and /favorites follow', async () => {
		const user = await insertUser()
		await linkAccount(user, 9402)
		const tg = telegramUser(9402)
		await createProject(actorFor(user), { propertyAddress: '1 First Street' })
		await createProject(actorFor(user), { propertyAddress: '2 Second Street' })

		let since = fake.calls.length
		fake.sendText(tg, '/projects')
		const list = await fake.waitForMessage('Your properties', { since })
		expect(list.text).toContain('1. 2 Second Street – 0/0 rooms · Active')
		expect(list.text).toContain('2. 1 First Street – 0/0 rooms · Active')

		fake.press(tg, list, '1 First Street')
		await fake.waitFor('answerCallbackQuery', (c) => c.params.text === 'Following 1 First Street', { since })
		const status = await fake.waitForMessage('1 First Street · Active', { since })
		expect(status.text).toContain('No rooms yet.')

		since = fake.calls.length
		fake.sendText(tg, '/favorites')
		await fake.waitForMessage('No favourites yet for 1 First Street.', { since })
	})
})
