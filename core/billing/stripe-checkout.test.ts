import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { agentInvoiceLineItems, propertyStudioCheckouts } from '#db/schema/billing.ts'
import {
	propertySessionCompletions,
	propertyStudioProjects,
	propertyStudioUsageEvents,
	propertyStudioVariations,
} from '#db/schema/studio.ts'
import { action as paymentIntentAction } from '#app/routes/api+/create-payment-intent.ts'
import { action as completeAction } from '#app/routes/api+/property-studio.projects.$id.complete.ts'
import { action as webhookAction } from '#app/routes/api+/stripe.webhook.ts'
import { db } from '#core/platform/db.ts'
import { favourite, giveLogo, renderedProject } from '#tests/checkout.ts'
import { insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { createStripeApi } from '#tests/mocks/stripe.ts'
import { jsonRequest } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'

// Card payments: Stripe's API is msw (tests/mocks/stripe.ts), webhooks are signed as Stripe signs them.
// (the keys are tests/mocks/stripe.ts's; hoisted code runs before any import, so they are spelt out)
vi.hoisted(() => {
	process.env.STRIPE_SECRET_KEY = 'sk_test_rendo'
	process.env.STRIPE_WEBHOOK_SECRET = 'whsec_rendo_test'
	process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_rendo'
})
const stripeApi = createStripeApi()
const server = setupServer(...stripeApi.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => stripeApi.reset())
afterAll(() => server.close())

const call = (fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}) =>
	fn({ request, params, context: {} } as never) as Promise<Response>

function webhook(delivery: { payload: string; signature?: string | null }) {
	const headers: Record<string, string> = { 'content-type': 'application/json' }
	if (delivery.signature) headers['stripe-signature'] = delivery.signature
	return call(
		webhookAction,
		new Request('http://localhost:3000/api/stripe/webhook', { method: 'POST', body: delivery.payload, headers }),
	)
}

async function paidCheckout(choice: Record<string, unknown> = {}) {
	const user = await insertUser()
	const { project, variations } = await renderedProject(user)
	await favourite(user, [variations[0].id, variations[1].id])
	const cookie = await cookieFor(user)
	const response = await call(
		paymentIntentAction,
		jsonRequest(
			'/api/create-payment-intent',
			{ amount: 99, projectId: project.id, favoriteCount: 2, ...choice },
			{ cookie },
		),
	)
	expect(response.status).toBe(200)
	const { clientSecret } = await response.json()
	const [intent] = stripeApi.intents.values()
	return { user, project, variations, cookie, clientSecret, intent }
}

async function projectState(projectId: string) {
	const [project] = await db.select().from(propertyStudioProjects).where(eq(propertyStudioProjects.id, projectId))
	const completions = await db
		.select()
		.from(propertySessionCompletions)
		.where(eq(propertySessionCompletions.projectId, projectId))
	const events = await db
		.select()
		.from(propertyStudioUsageEvents)
		.where(eq(propertyStudioUsageEvents.projectId, projectId))
	return { status: project.status, completions, events }
}

describe('card payments through Stripe', () => {
	test('the PaymentIntent is £99.00 in GBP whatever the client sends, one per project', async () => {
		const { project, user, cookie, clientSecret, intent } = await paidCheckout({
			amount: 1,
			favoriteCount: 50,
			watermarkingEnabled: false,
		})
		expect(clientSecret).toBe(intent.client_secret)
		const [create] = stripeApi.requests
		expect(create.params.get('amount')).toBe('9900')
		expect(create.params.get('currency')).toBe('gbp')
		expect(create.params.get('description')).toBe('Property Styling Service')
		expect(create.params.get('metadata[projectId]')).toBe(project.id)
		expect(create.params.get('metadata[userId]')).toBe(user.id)
		expect(create.idempotencyKey).toBe(`rendo-project-${project.id}`)

		// Asking again (a reload, a second tab) answers the same PaymentIntent.
		const again = await call(
			paymentIntentAction,
			jsonRequest('/x', { amount: 5000, projectId: project.id }, { cookie }),
		)
		expect((await again.json()).clientSecret).toBe(clientSecret)
		expect(stripeApi.intents.size).toBe(1)
		const checkouts = await db
			.select()
			.from(propertyStudioCheckouts)
			.where(eq(propertyStudioCheckouts.projectId, project.id))
		expect(checkouts).toHaveLength(1)
		expect(checkouts[0]).toMatchObject({ paymentIntentId: intent.id, amount: 9900, currency: 'gbp' })
	}, 60_000)

	test('no payment is asked for an order that could not complete', async () => {
		const user = await insertUser()
		const stranger = await insertUser()
		const { project, variations } = await renderedProject(user)
		const ask = async (who: typeof user, body: Record<string, unknown>) =>
			call(paymentIntentAction, jsonRequest('/x', { projectId: project.id, ...body }, { cookie: await cookieFor(who) }))
		expect((await ask(user, {})).status).toBe(400) // no favourites
		await favourite(user, [variations[0].id])
		expect((await ask(user, { watermarkingEnabled: true })).status).toBe(400) // no logo
		expect((await ask(stranger, {})).status).toBe(403)
		expect((await ask(user, { projectId: 'not-a-project' })).status).toBe(400)
		expect(stripeApi.intents.size).toBe(0)
	}, 60_000)

	test('a signed payment_intent.succeeded completes the project, once; unsigned or wrongly signed is 400 and changes nothing', async () => {
		const { project, intent } = await paidCheckout()
		const paid = stripeApi.succeed(intent.id)

		const unsigned = await webhook({ payload: stripeApi.signedEvent('payment_intent.succeeded', paid).payload })
		expect(unsigned.status).toBe(400)
		const forged = await webhook(stripeApi.signedEvent('payment_intent.succeeded', paid, 'whsec_someone_else'))
		expect(forged.status).toBe(400)
		expect(await forged.json()).toMatchObject({ message: 'Invalid Stripe signature' })
		// A body changed after signing fails too.
		const genuine = stripeApi.signedEvent('payment_intent.succeeded', paid)
		const tampered = await webhook({
			payload: genuine.payload.replace('"succeeded"', '"succeeded" '),
			signature: genuine.signature,
		})
		expect(tampered.status).toBe(400)
		expect(await projectState(project.id)).toMatchObject({ status: 'active', completions: [], events: [] })

		const first = await webhook(genuine)
		expect(first.status).toBe(200)
		expect(await first.json()).toMatchObject({ received: true, completed: true })
		// Stripe delivers at least once: the same event again, and a fresh delivery, complete nothing more.
		expect(await (await webhook(genuine)).json()).toMatchObject({ received: true, completed: false })
		expect(await (await webhook(stripeApi.signedEvent('payment_intent.succeeded', paid))).json()).toMatchObject({
			completed: false,
		})

		const state = await projectState(project.id)
		expect(state.status).toBe('completed')
		expect(state.completions).toHaveLength(1)
		expect(state.events).toHaveLength(1)
		expect(state.events[0]).toMatchObject({ eventType: 'project_completed', billingAmount: 9900 })
		expect(state.events[0].eventData).toMatchObject({ paymentMode: 'stripe', paymentIntentId: intent.id })
		// Paid by card: nothing goes on the monthly invoice.
		expect(
			await db.select().from(agentInvoiceLineItems).where(eq(agentInvoiceLineItems.projectId, project.id)),
		).toHaveLength(0)
	}, 60_000)

	test('the webhook keeps the favourites chosen at checkout, with the logo if asked', async () => {
		const user = await insertUser()
		await giveLogo(user)
		const { project, variations } = await renderedProject(user)
		await favourite(
			user,
			variations.map((v) => v.id),
		)
		const cookie = await cookieFor(user)
		const chosen = [variations[2].id]
		const created = await call(
			paymentIntentAction,
			jsonRequest('/x', { projectId: project.id, watermarkingEnabled: true, variationIds: chosen }, { cookie }),
		)
		expect(created.status).toBe(200)
		const [intent] = stripeApi.intents.values()
		expect(
			(await webhook(stripeApi.signedEvent('payment_intent.succeeded', stripeApi.succeed(intent.id)))).status,
		).toBe(200)
		await drainJobs()
		const [completion] = (await projectState(project.id)).completions
		expect(completion.selectedVariationIds).toEqual(chosen)
		expect(completion.cleanupCompletedAt).toBeInstanceOf(Date)
		const left = await db
			.select({ id: propertyStudioVariations.id, isPermanent: propertyStudioVariations.isPermanent })
			.from(propertyStudioVariations)
			.where(eq(propertyStudioVariations.roomId, variations[0].roomId))
		expect(left).toEqual([{ id: chosen[0], isPermanent: true }])
		expect((await projectState(project.id)).events[0].eventData).toMatchObject({
			watermarkingEnabled: true,
			keptCount: 1,
		})
	}, 60_000)

	test('a payment for another amount, or an event of another kind, completes nothing', async () => {
		const { project, intent } = await paidCheckout()
		const short = stripeApi.succeed(intent.id, 100)
		expect(await (await webhook(stripeApi.signedEvent('payment_intent.succeeded', short))).json()).toMatchObject({
			completed: false,
		})
		expect(await (await webhook(stripeApi.signedEvent('payment_intent.payment_failed', intent))).json()).toEqual({
			received: true,
			type: 'payment_intent.payment_failed',
		})
		expect((await projectState(project.id)).status).toBe('active')
	}, 60_000)

	test('the page may complete a paid project itself; unpaid it is refused, and the late webhook changes nothing', async () => {
		const { project, cookie, intent } = await paidCheckout()
		const complete = () =>
			call(completeAction, jsonRequest('/x', { watermarkingEnabled: false }, { cookie }), { id: project.id })

		const unpaid = await complete()
		expect(unpaid.status).toBe(403)
		expect(await unpaid.json()).toEqual({ message: 'Payment has not been received for this project' })
		expect((await projectState(project.id)).status).toBe('active')

		const paid = stripeApi.succeed(intent.id)
		const done = await complete()
		expect(done.status).toBe(200)
		expect(await done.json()).toMatchObject({
			cleanupResult: { keptCount: 2 },
			billing: { mode: 'stripe', paymentIntentId: intent.id, amount: 9900 },
		})
		expect((await complete()).status).toBe(409)
		expect(await (await webhook(stripeApi.signedEvent('payment_intent.succeeded', paid))).json()).toMatchObject({
			completed: false,
		})
		expect((await projectState(project.id)).events).toHaveLength(1)
	}, 60_000)
})
