import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { webhookSecrets } from '#core/telegram/webhook-secrets.ts'
import { FakeBotApi } from '#tests/telegram/fake-bot-api.ts'
import { startTelegramBot } from './start.ts'

let fake: FakeBotApi
beforeAll(async () => {
	fake = await FakeBotApi.start()
})
afterAll(() => fake.close())

describe('starting the bot', () => {
	test('a bad token is one clear line, and the bot stays off', async () => {
		const lines: string[] = []
		const bot = await startTelegramBot({ token: '123:not-the-token', apiRoot: fake.apiRoot }, (line) =>
			lines.push(line),
		)
		expect(bot).toBeNull()
		expect(lines).toEqual([
			'Telegram bot not started: Telegram refused TELEGRAM_BOT_TOKEN (401 Unauthorized); get a valid token from @BotFather',
		])
		// Nothing kept trying after that line.
		await new Promise((resolve) => setTimeout(resolve, 200))
		expect(lines).toHaveLength(1)
	})

	test('without a webhook URL it long-polls, and stops', async () => {
		const bot = await startTelegramBot({ token: fake.token, apiRoot: fake.apiRoot }, (line) => expect.fail(line))
		expect(bot).toMatchObject({ mode: 'polling', username: 'rendo_test_bot' })
		await fake.waitFor('getUpdates')
		await bot!.stop()
	})

	test('with a webhook URL it registers the secret path and the secret token', async () => {
		const settings = { token: fake.token, apiRoot: fake.apiRoot, webhookUrl: 'https://rendo.example/' }
		const bot = await startTelegramBot(settings, (line) => expect.fail(line))
		expect(bot).toMatchObject({ mode: 'webhook' })
		const { path, header } = webhookSecrets(fake.token)
		const call = await fake.waitFor('setWebhook')
		expect(call.params).toMatchObject({ url: `https://rendo.example/telegram/webhook/${path}`, secret_token: header })
	})
})
