import { http, HttpResponse } from 'msw'
import { describe, expect, test, vi } from 'vitest'
import { failure, serveVendorModel, stagingRequests } from '#tests/provider-contract.ts'
import { createVirtualStagingAiModel, VSAI_TEST_KEY } from '#tests/mocks/virtual-staging-ai-model.ts'
import { ProviderBusyError, RenderError, ROOM_TYPES, STYLES, type DeferredProvider } from '../provider.ts'
import {
	createVirtualStagingAiProvider,
	VSAI_ROOM_TYPES,
	VSAI_STYLES,
	type VirtualStagingAiOptions,
} from './virtual-staging-ai.ts'

// Contract tests: the adapter against the msw model of Virtual Staging AI's v2 API, which checks
// every request as the documentation states it (auth, fields, enums, counts, image_url pattern).
const model = createVirtualStagingAiModel()
const server = serveVendorModel(model)
const { photo: photoBytes, request } = stagingRequests({ width: 640, height: 480 })

const vsai = (options: Partial<VirtualStagingAiOptions> = {}): DeferredProvider =>
	createVirtualStagingAiProvider({
		apiKey: VSAI_TEST_KEY,
		baseUrl: model.baseUrl,
		retryBaseMs: 1,
		// Far above the test timeout: only the timeout tests abandon a request, on a fake clock.
		requestTimeoutMs: 60_000,
		...options,
	})
/** Every GET to the vendor from now on is held unanswered; `count(n)` resolves once n of them are held. */
function holdRequests() {
	let requests = 0
	let waiting: Array<{ n: number; resolve: () => void }> = []
	server.use(
		http.get(`${new URL(model.baseUrl).origin}/*`, () => {
			requests++
			for (const waiter of waiting.filter((w) => w.n <= requests)) waiter.resolve()
			waiting = waiting.filter((waiter) => waiter.n > requests)
			return new Promise<never>(() => {})
		}),
	)
	return {
		get requests() {
			return requests
		},
		count: (n: number) =>
			new Promise<void>((resolve) => {
				if (requests >= n) resolve()
				else waiting.push({ n, resolve })
			}),
	}
}
const creates = () => model.requests.filter((r) => r.method === 'POST' && r.path === '/renders')

describe('submit', () => {
	test('one render with variation_count 3: the config, the photo as a data URL, no waiting, and the Api-Key header', async () => {
		const { providerRenderId } = await vsai().submit(request())
		expect(model.renders.has(providerRenderId)).toBe(true)
		expect(creates()).toHaveLength(1)
		const body = creates()[0].body as Record<string, unknown>
		expect(body).toMatchObject({
			config: { type: 'staging', add_furniture: { room_type: 'bed', style: 'scandinavian' } },
			variation_count: 3,
			wait_for_completion: false,
		})
		expect(body.config).not.toHaveProperty('remove_furniture')
		expect(body.image_url).toBe(`data:image/jpeg;base64,${photoBytes().toString('base64')}`)
		expect(body).not.toHaveProperty('webhook_url')
	})

	test('every Rendo room type and style maps to one the vendor accepts', async () => {
		expect(Object.keys(VSAI_ROOM_TYPES).sort()).toEqual([...ROOM_TYPES].sort())
		expect(Object.keys(VSAI_STYLES).sort()).toEqual([...STYLES].sort())
		const provider = vsai()
		for (const roomType of ROOM_TYPES)
			for (const style of STYLES) await provider.submit(request({ roomType, style, count: 1 }))
		// The model refuses an enum it does not know with a 400, so every pair arriving is the proof.
		expect(creates()).toHaveLength(ROOM_TYPES.length * STYLES.length)
	})

	test('furniture to remove asks for removal beside the staging; no style only empties the room', async () => {
		await vsai().submit(request({ removeFurniture: true }))
		await vsai().submit(request({ style: null, count: 1 }))
		const [staged, emptied] = creates().map((r) => (r.body as { config: Record<string, unknown> }).config)
		expect(staged).toEqual({
			type: 'staging',
			add_furniture: { room_type: 'bed', style: 'scandinavian' },
			remove_furniture: { mode: 'on' },
		})
		expect(emptied).toEqual({ type: 'staging', remove_furniture: { mode: 'on' } })
	})

	test('a public image URL and a webhook URL are passed as they are', async () => {
		await vsai().submit(
			request({
				imageUrl: 'https://files.rendo.example/p/1.jpg?sig=abc',
				webhookUrl: 'https://rendo.example/api/staging/webhook/s3cret',
			}),
		)
		expect(creates()[0].body).toMatchObject({
			image_url: 'https://files.rendo.example/p/1.jpg?sig=abc',
			webhook_url: 'https://rendo.example/api/staging/webhook/s3cret',
		})
	})

	test('a PNG photo goes as a PNG data URL', async () => {
		const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
		await vsai().submit(request({ image: png }))
		expect((creates()[0].body as { image_url: string }).image_url).toMatch(/^data:image\/png;base64,/)
	})

	test('a remodel posts more variations to the same render', async () => {
		const provider = vsai()
		const { providerRenderId } = await provider.submit(request())
		await provider.addVariations(providerRenderId, request({ count: 1, firstIndex: 3 }))
		expect(model.state.variationPosts).toBe(1)
		expect(model.renders.get(providerRenderId)!.variations).toHaveLength(4)
		const post = model.requests.find((r) => r.path === `/renders/${providerRenderId}/variations`)!
		expect(post.body).toEqual({
			config: { type: 'staging', add_furniture: { room_type: 'bed', style: 'scandinavian' } },
			variation_count: 1,
			wait_for_completion: false,
		})
	})
})

describe('poll', () => {
	test('reads each variation: state, result URL, style and time; done once the vendor says completed', async () => {
		const provider = vsai()
		const { providerRenderId } = await provider.submit(request())
		const { variations } = await provider.poll(providerRenderId)
		expect(variations).toHaveLength(3)
		for (const v of variations) {
			expect(v).toMatchObject({
				state: 'done',
				style: 'scandinavian',
				url: expect.stringMatching(/\/results\/\d+\/var_.+\.jpg$/),
			})
			expect(v.createdAt).toBeGreaterThan(Date.now() - 60_000)
		}
		expect(model.requests.at(-1)!.path).toBe(`/renders/${providerRenderId}?variations_limit=100&variations_order=asc`)
	})

	test('a variation still in progress has no URL yet; a failed one carries its message; a cancelled one says so', async () => {
		const slow = createVirtualStagingAiModel({ latencyMs: 60_000, baseUrl: 'https://slow.vsai.test/v2' })
		server.use(...slow.handlers)
		const pending = vsai({ baseUrl: slow.baseUrl })
		const submitted = await pending.submit(request({ count: 1 }))
		const { providerRenderId } = submitted
		const { variations, etaSeconds } = await pending.poll(providerRenderId)
		expect(variations[0]).toMatchObject({ state: 'queued', url: undefined })
		// The render's own eta is null: the variation's (whole seconds, rounded up) is the render's.
		expect(submitted.etaSeconds).toBe(60)
		expect(etaSeconds).toBeGreaterThanOrEqual(59)
		expect(etaSeconds).toBeLessThanOrEqual(60)

		model.state.outcome = 'failed'
		const failed = await vsai().submit(request({ count: 1 }))
		expect((await vsai().poll(failed.providerRenderId)).variations[0]).toMatchObject({
			state: 'error',
			error: 'The photo could not be staged',
		})
		model.state.outcome = 'canceled'
		const cancelled = await vsai().submit(request({ count: 1 }))
		expect((await vsai().poll(cancelled.providerRenderId)).variations[0].state).toBe('canceled')
	})

	test('an unknown render is a final refusal with the vendor message', async () => {
		const error = await failure(vsai().poll('rnd_missing'))
		expect(error).toBeInstanceOf(RenderError)
		expect(error.retryable).toBe(false)
		expect(error.message).toBe(
			'Virtual Staging AI refused GET /renders/rnd_missing: 404 {"message":"Render not found"}',
		)
	})
})

describe('recent renders (finding a submit whose answer was lost)', () => {
	test('pages through the list newest first and stops at the first render older than asked', async () => {
		const provider = vsai()
		for (let i = 0; i < 150; i++) await provider.submit(request({ count: 1 }))
		const all = [...model.renders.values()].sort((a, b) => b.created_at - a.created_at)
		const since = all[119].created_at
		const found = await provider.recentRenders(since)
		expect(found.length).toBeGreaterThanOrEqual(120)
		expect(found.every((r) => r.createdAt >= since)).toBe(true)
		expect(found[0].providerRenderId).toBe(all[0].id)
		const lists = model.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/renders?'))
		expect(lists.map((r) => r.path)).toEqual([
			'/renders?limit=100&order=desc',
			'/renders?limit=100&order=desc&cursor=100',
		])
	})
})

describe('failures', () => {
	test('a 429 is the vendor saying "not now", with its Retry-After, and is not retried here', async () => {
		model.state.failures.push(429)
		const error = await failure(vsai().submit(request()))
		expect(error).toBeInstanceOf(ProviderBusyError)
		expect((error as ProviderBusyError).retryAfterMs).toBe(0)
		expect(model.requests).toHaveLength(1)
		expect(model.state.creates).toBe(0)
	})

	test('above the account concurrency the create is refused with 429 and Retry-After 1', async () => {
		const capped = createVirtualStagingAiModel({
			latencyMs: 60_000,
			concurrencyCap: 3,
			baseUrl: 'https://capped.vsai.test/v2',
		})
		server.use(...capped.handlers)
		const provider = vsai({ baseUrl: capped.baseUrl })
		await provider.submit(request())
		const error = await failure(provider.submit(request()))
		expect(error).toBeInstanceOf(ProviderBusyError)
		expect((error as ProviderBusyError).retryAfterMs).toBe(1000)
		expect(capped.state.creates).toBe(1)
	})

	test('a 5xx on a look is retried with backoff and then succeeds; a 5xx every time is a retryable failure', async () => {
		const { providerRenderId } = await vsai().submit(request())
		model.state.failures.push(500, 503)
		expect((await vsai().poll(providerRenderId)).variations).toHaveLength(3)
		model.state.failures.push(500, 500, 500, 500)
		const error = await failure(vsai().poll(providerRenderId))
		expect(error.retryable).toBe(true)
		expect(error.message).toMatch(/^Virtual Staging AI failed GET \/renders\/rnd_.+ after 4 attempts: 500/)
	})

	test('a create that fails without a clear answer is sent once: it may exist, and the pipeline looks for it first', async () => {
		model.state.failures.push(500)
		const error = await failure(vsai().submit(request()))
		expect(error.retryable).toBe(true)
		expect(error.message).toMatch(/^Virtual Staging AI failed POST \/renders: 500/)
		const { providerRenderId } = await vsai().submit(request())
		model.state.failures.push(503)
		expect((await failure(vsai().addVariations(providerRenderId, request({ count: 1 })))).retryable).toBe(true)
		expect(model.requests.filter((r) => r.method === 'POST')).toHaveLength(3)
	})

	test('a request with no answer in time is abandoned and tried again, then fails retryable, in bounded time', async () => {
		// The adapter's timeouts are AbortSignal.timeout, made here of the fake setTimeout: they fire when the test
		// moves the clock, once the request is held, never because the machine was slow.
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
		vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
			const controller = new AbortController()
			setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms)
			return controller.signal
		})
		try {
			const held = holdRequests()
			// Three attempts of 100 ms each fit in the bound of the whole call, 100 ms × (2 retries + 2).
			const error = failure(vsai({ requestTimeoutMs: 100, maxRetries: 2 }).poll('rnd_1'))
			for (const attempt of [1, 2, 3]) {
				await held.count(attempt)
				await vi.advanceTimersByTimeAsync(100)
			}
			expect((await error).retryable).toBe(true)
			expect((await error).message).toMatch(/after 3 attempts: The operation timed out/)
		} finally {
			vi.restoreAllMocks()
			vi.useRealTimers()
		}
	})

	test('an answer that is not JSON, or JSON of the wrong shape, is a clear final failure', async () => {
		server.use(
			http.get(
				`${model.baseUrl}/renders/rnd_html`,
				() => new HttpResponse('<html>Bad gateway</html>', { status: 200 }),
			),
		)
		server.use(
			http.get(`${model.baseUrl}/renders/rnd_odd`, () => HttpResponse.json({ id: 'rnd_odd', variations: 'none' })),
		)
		const notJson = await failure(vsai().poll('rnd_html'))
		expect(notJson.retryable).toBe(false)
		expect(notJson.message).toMatch(
			/^Virtual Staging AI answered GET \/renders\/rnd_html\?.* with something that is not JSON: <html>Bad gateway/,
		)
		const odd = await failure(vsai().poll('rnd_odd'))
		expect(odd.message).toMatch(
			/^Virtual Staging AI sent an unexpected answer to GET .*: created_at: Required; variations: Expected object/,
		)
	})

	test('a wrong key is refused at once, not retried', async () => {
		const error = await failure(vsai({ apiKey: 'wrong' }).submit(request()))
		expect(error.retryable).toBe(false)
		expect(error.message).toBe('Virtual Staging AI refused POST /renders: 401 {"message":"Invalid API key"}')
		expect(model.requests).toHaveLength(1)
	})

	test('a request the vendor finds invalid is a final refusal quoting its reason', async () => {
		const error = await failure(vsai().submit(request({ count: 5 })))
		expect(error.retryable).toBe(false)
		expect(error.message).toContain('variation_count must be an integer from 1 to 4')
	})

	test('the caller abort stops a request in flight, and nothing is retried after it', async () => {
		const held = holdRequests()
		const controller = new AbortController()
		const polling = failure(vsai().poll('rnd_1', controller.signal))
		await held.count(1)
		controller.abort(new Error('shutting down'))
		expect((await polling).message).toBe('shutting down')
		expect(held.requests).toBe(1)
	})
})

describe('results', () => {
	test('are downloaded from their signed URL without the API key', async () => {
		const provider = vsai()
		const { providerRenderId } = await provider.submit(request({ count: 1 }))
		const [variation] = (await provider.poll(providerRenderId)).variations
		let authorization: string | null = 'unseen'
		server.use(
			http.get(variation.url!, async ({ request }) => {
				authorization = request.headers.get('authorization')
				return model.handle(request)
			}),
		)
		const bytes = await provider.download(variation.url!)
		expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
		expect(authorization).toBeNull()
	})

	test('an expired link is a final failure that says so; a 5xx from the CDN may be tried again', async () => {
		const provider = vsai()
		const { providerRenderId } = await provider.submit(request({ count: 1 }))
		const [variation] = (await provider.poll(providerRenderId)).variations
		model.state.expireResults = true
		const expired = await failure(provider.download(variation.url!))
		expect(expired).toMatchObject({
			retryable: false,
			message: "Virtual Staging AI's result link has expired or is gone (403)",
		})
		server.use(http.get(variation.url!, () => new HttpResponse(null, { status: 502 })))
		expect(await failure(provider.download(variation.url!))).toMatchObject({ retryable: true })
	})
})

describe('status and webhooks', () => {
	test('status: reachable, with the staging and image-editing credits used and left this period', async () => {
		await vsai().submit(request())
		expect(await vsai().status()).toEqual({
			reachable: true,
			credits: { used: 1, limit: 500 },
			editCredits: { used: 3, limit: 40 },
		})
		expect(model.requests.slice(-2).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /status', 'GET /user'])
	})

	test('status: a refused key or an unreachable API is "not reachable", never a throw', async () => {
		expect(await vsai({ apiKey: 'wrong' }).status()).toMatchObject({
			reachable: false,
			message: expect.stringContaining('401'),
		})
		server.use(http.all('https://down.vsai.test/*', () => HttpResponse.error()))
		expect(await vsai({ baseUrl: 'https://down.vsai.test/v2', maxRetries: 0 }).status()).toMatchObject({
			reachable: false,
			message: expect.stringMatching(/^Virtual Staging AI failed GET \/status: /),
		})
	})

	test('a webhook body names its render; anything else names none', () => {
		const provider = vsai()
		expect(
			provider.webhookRenderId({
				event_type: 'done',
				render_id: 'rnd_1',
				variation_id: 'var_1',
				result: {},
				timestamp: 1,
			}),
		).toBe('rnd_1')
		for (const body of [null, 'rnd_1', {}, { render_id: '' }, { render_id: 7 }])
			expect(provider.webhookRenderId(body)).toBeUndefined()
	})
})
