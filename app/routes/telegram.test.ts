import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { linkTelegram } from '#core/telegram/links.ts'
import { webhookSecrets } from '#core/telegram/webhook-secrets.ts'
import { insertUser } from '#tests/factories.ts'
import { getRequest, jsonRequest } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { FakeBotApi, telegramUser } from '#tests/telegram/fake-bot-api.ts'
import { startTelegramBot, type RunningBot } from '#bot/start.ts'
import { action as linkAction, loader as linkLoader } from './api+/telegram.link.ts'
import { action as webhookAction } from './telegram.webhook.$secret.ts'

let fake: FakeBotApi
let bot: RunningBot | null
beforeAll(async () => {
	fake = await FakeBotApi.start()
	bot = await startTelegramBot(
		{ token: fake.token, apiRoot: fake.apiRoot, webhookUrl: 'https://rendo.example' },
		(line) => {
			throw new Error(line)
		},
	)
})
afterAll(async () => {
	await bot?.stop()
	await fake.close()
})

const call = <T extends (args: never) => unknown>(fn: T, request: Request, params: Record<string, string> = {}) =>
	fn({ request, params, context: {} } as never) as Promise<Response>

function updateRequest(update: object, headers: Record<string, string> = {}) {
	return new Request('https://rendo.example/telegram/webhook/x', {
		method: 'POST',
		body: JSON.stringify(update),
		headers: { 'content-type': 'application/json', ...headers },
	})
}

describe('the Telegram webhook', () => {
	test('401 without the secret header, 404 at a wrong path, and an update handled with both right', async () => {
		const { path, header } = webhookSecrets(fake.token)
		const from = telegramUser(9100)
		const update = {
			update_id: 1,
			message: {
				message_id: 1,
				date: 0,
				chat: { id: from.id, type: 'private', first_name: 'Agent' },
				from,
				text: 'hello',
			},
		}

		expect((await call(webhookAction, updateRequest(update), { secret: path })).status).toBe(401)
		const wrongHeader = updateRequest(update, { 'x-telegram-bot-api-secret-token': 'guess' })
		expect((await call(webhookAction, wrongHeader, { secret: path })).status).toBe(401)
		const wrongPath = updateRequest(update, { 'x-telegram-bot-api-secret-token': header })
		expect((await call(webhookAction, wrongPath, { secret: 'guess' })).status).toBe(404)
		expect(fake.callsTo('sendMessage')).toHaveLength(0)

		const since = fake.calls.length
		const right = updateRequest(update, { 'x-telegram-bot-api-secret-token': header })
		expect((await call(webhookAction, right, { secret: path })).status).toBe(200)
		// An unlinked user: the explanation, sent to their chat.
		const sent = await fake.waitFor('sendMessage', () => true, { since })
		expect(sent.params).toMatchObject({ chat_id: from.id, text: expect.stringContaining('first connect yours') })
	})
})

describe("the dashboard's Connect Telegram endpoint", () => {
	test('a one-time code with its t.me link; the link is shown and can be removed', async () => {
		expect((await call(linkLoader, getRequest('/api/telegram/link'))).status).toBe(401)
		const user = await insertUser()
		const cookie = await cookieFor(user)
		const status = async () => (await call(linkLoader, getRequest('/api/telegram/link', { cookie }))).json()
		expect(await status()).toEqual({ enabled: true, link: null })

		const created = await call(linkAction, jsonRequest('/api/telegram/link', {}, { cookie }))
		expect(created.status).toBe(201)
		const { code, url } = (await created.json()) as { code: string; url: string }
		expect(url).toBe(`https://t.me/rendo_test_bot?start=${code}`)
		expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/)

		await linkTelegram(code, { id: 9200, username: 'agent9200' })
		expect(await status()).toMatchObject({ link: { telegramUsername: 'agent9200' } })

		const removed = await call(linkAction, jsonRequest('/api/telegram/link', {}, { cookie, method: 'DELETE' }))
		expect(await removed.json()).toEqual({ removed: true })
		expect(await status()).toEqual({ enabled: true, link: null })
	})
})
