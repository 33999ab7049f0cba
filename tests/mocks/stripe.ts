import { randomBytes } from 'node:crypto'
import { http, HttpResponse } from 'msw'
import Stripe from 'stripe'

/**
 * A stand-in for the part of Stripe's HTTP API (api.stripe.com) that checkout uses, as msw
 * handlers: PaymentIntents are created (honouring Idempotency-Key as Stripe does: the same key
 * with the same parameters answers the same intent, with other parameters an error) and
 * retrieved; `succeed()` plays the customer paying, and `signedEvent()` builds a webhook call
 * signed the way Stripe signs them.
 */
export const STRIPE_SECRET_KEY = 'sk_test_rendo'
export const STRIPE_WEBHOOK_SECRET = 'whsec_rendo_test'
export const STRIPE_PUBLISHABLE_KEY = 'pk_test_rendo'
const API = 'https://api.stripe.com/v1'

type Intent = {
	id: string
	object: 'payment_intent'
	amount: number
	amount_received: number
	currency: string
	description: string | null
	status: string
	client_secret: string
	metadata: Record<string, string>
	livemode: false
	created: number
}

export type StripeRequest = { method: string; path: string; idempotencyKey: string | null; params: URLSearchParams }

const stripeError = (status: number, message: string, type = 'invalid_request_error') =>
	HttpResponse.json({ error: { type, message } }, { status })

export function createStripeApi({ secretKey = STRIPE_SECRET_KEY } = {}) {
	const intents = new Map<string, Intent>()
	const idempotent = new Map<string, { params: string; intentId: string }>()
	const requests: StripeRequest[] = []

	const authorised = (request: Request) => request.headers.get('authorization') === `Bearer ${secretKey}`

	const handlers = [
		http.post(`${API}/payment_intents`, async ({ request }) => {
			const raw = await request.text()
			const params = new URLSearchParams(raw)
			const idempotencyKey = request.headers.get('idempotency-key')
			requests.push({ method: 'POST', path: '/v1/payment_intents', idempotencyKey, params })
			if (!authorised(request)) return stripeError(401, 'Invalid API Key provided')
			const earlier = idempotencyKey ? idempotent.get(idempotencyKey) : undefined
			if (earlier) {
				if (earlier.params !== raw)
					return stripeError(
						400,
						'Keys for idempotent requests can only be used with the same parameters',
						'idempotency_error',
					)
				return HttpResponse.json(intents.get(earlier.intentId))
			}
			const amount = Number(params.get('amount'))
			const currency = params.get('currency')
			if (!Number.isInteger(amount) || amount < 30 || !currency)
				return stripeError(400, 'amount and currency are required')
			const id = `pi_${randomBytes(12).toString('hex')}`
			const metadata: Record<string, string> = {}
			for (const [key, value] of params) {
				const name = /^metadata\[(.+)\]$/.exec(key)?.[1]
				if (name) metadata[name] = value
			}
			const intent: Intent = {
				id,
				object: 'payment_intent',
				amount,
				amount_received: 0,
				currency,
				description: params.get('description'),
				status: 'requires_payment_method',
				client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
				metadata,
				livemode: false,
				created: Math.floor(Date.now() / 1000),
			}
			intents.set(id, intent)
			if (idempotencyKey) idempotent.set(idempotencyKey, { params: raw, intentId: id })
			return HttpResponse.json(intent)
		}),

		http.get(`${API}/payment_intents/:id`, ({ request, params }) => {
			requests.push({
				method: 'GET',
				path: `/v1/payment_intents/${params.id}`,
				idempotencyKey: null,
				params: new URLSearchParams(),
			})
			if (!authorised(request)) return stripeError(401, 'Invalid API Key provided')
			const intent = intents.get(String(params.id))
			return intent ? HttpResponse.json(intent) : stripeError(404, `No such payment_intent: '${params.id}'`)
		}),
	]

	return {
		handlers,
		intents,
		requests,
		/** The customer pays: the intent succeeds for its full amount (or `amount` if given). */
		succeed(id: string, amount?: number) {
			const intent = intents.get(id)
			if (!intent) throw new Error(`no intent ${id}`)
			Object.assign(intent, { status: 'succeeded', amount_received: amount ?? intent.amount })
			return intent
		},
		/** A webhook delivery: the raw body and its Stripe-Signature header. */
		signedEvent(type: string, object: unknown, secret = STRIPE_WEBHOOK_SECRET) {
			const payload = JSON.stringify({
				id: `evt_${randomBytes(12).toString('hex')}`,
				object: 'event',
				api_version: Stripe.API_VERSION,
				created: Math.floor(Date.now() / 1000),
				type,
				data: { object },
				livemode: false,
				pending_webhooks: 1,
				request: { id: null, idempotency_key: null },
			})
			return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) }
		},
		reset() {
			intents.clear()
			idempotent.clear()
			requests.length = 0
		},
	}
}
