import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { registerRunningBot } from '#core/telegram/running-bot.ts'
import { STAGING_WEBHOOK_PATH, webhookUrl } from '#core/staging/webhook.ts'
import { checked, hit, key } from '#tests/api-contract.ts'
import { favourite, renderedProject } from '#tests/checkout.ts'
import { insertUser } from '#tests/factories.ts'
import { createStripeApi } from '#tests/mocks/stripe.ts'
import { cookieFor } from '#tests/studio.ts'
import { operations } from './operations.ts'

/**
 * The contract test (openapi.test.ts) for the operations whose success needs a service turned on:
 * card payments (Stripe's API as msw, webhooks signed as Stripe signs them), a running Telegram bot,
 * and staging webhooks at a public https address. Each answer is checked against the document.
 */
vi.hoisted(() => {
	process.env.STRIPE_SECRET_KEY = 'sk_test_rendo'
	process.env.STRIPE_WEBHOOK_SECRET = 'whsec_rendo_test'
	process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_rendo'
	// Staging webhooks are only offered at a public https address.
	process.env.APP_URL = 'https://rendo.example'
})
const stripeApi = createStripeApi()
const server = setupServer(...stripeApi.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => stripeApi.reset())
afterAll(() => server.close())

/** The operations this file answers for (openapi.test.ts lists them in NOT_CALLED with this file's name). */
const COVERED_HERE = [
	'post /api/create-payment-intent',
	'post /api/stripe/webhook',
	'post /api/telegram/link',
	'post /api/staging/webhook/{secret}',
]

describe('operations that need a service on answer as documented', () => {
	test('card payments: the intent, the signed webhook that completes, then completing again is a 409', async () => {
		const user = await insertUser()
		const cookie = await cookieFor(user)
		const { project, variations } = await renderedProject(user)
		await favourite(user, [variations[0].id])
		const completeEarly = await hit('post', '/api/property-studio/projects/{id}/complete', {
			cookie,
			params: { id: project.id },
			json: {},
		})
		expect(completeEarly.status).toBe(403)
		const intent = await hit('post', '/api/create-payment-intent', { cookie, json: { projectId: project.id } })
		expect(intent.status).toBe(200)
		const [created] = stripeApi.intents.values()
		const event = stripeApi.signedEvent('payment_intent.succeeded', stripeApi.succeed(created.id))
		const forged = await hit('post', '/api/stripe/webhook', {
			raw: event.payload,
			headers: { 'stripe-signature': 'bogus' },
		})
		expect(forged.status).toBe(400)
		const received = await hit('post', '/api/stripe/webhook', {
			raw: event.payload,
			headers: { 'stripe-signature': event.signature },
		})
		expect(received.body).toMatchObject({ received: true, completed: true })
		const again = await hit('post', '/api/property-studio/projects/{id}/complete', {
			cookie,
			params: { id: project.id },
			json: {},
		})
		expect(again.status).toBe(409)
	})

	test('a Telegram link code while the bot runs', async () => {
		registerRunningBot({ username: 'rendo_contract_bot' })
		try {
			const cookie = await cookieFor(await insertUser())
			const code = await hit('post', '/api/telegram/link', { cookie })
			expect(code.status).toBe(201)
			expect(code.body).toMatchObject({ botUsername: 'rendo_contract_bot' })
		} finally {
			registerRunningBot(null)
		}
	})

	test("the staging vendor's webhook at its secret path", async () => {
		const secret = webhookUrl()!.split(`${STAGING_WEBHOOK_PATH}/`)[1]
		const woken = await hit('post', '/api/staging/webhook/{secret}', { params: { secret }, json: { id: 'unknown' } })
		expect(woken.body).toEqual({ woken: 0 })
		const notJson = await hit('post', '/api/staging/webhook/{secret}', { params: { secret }, raw: '{' })
		expect(notJson.status).toBe(400)
	})

	test('each of them had its success checked', () => {
		for (const name of COVERED_HERE) {
			const op = operations.find((o) => key(o) === name)!
			const successes = Object.keys(op.answers)
				.map(Number)
				.filter((s) => s < 300)
			expect(
				successes.some((s) => checked.get(name)?.has(s)),
				name,
			).toBe(true)
		}
	})
})
