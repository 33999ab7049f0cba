import sharp from 'sharp'
import { http, HttpResponse } from 'msw'
import { describe, expect, test, vi } from 'vitest'
import { failure, serveVendorModel, stagingRequests } from '#tests/provider-contract.ts'
import { createOpenAiImagesModel, OPENAI_TEST_BASE, OPENAI_TEST_KEY } from '#tests/mocks/openai-images.ts'
import { CircuitBreaker, VendorUnavailableError } from '../circuit-breaker.ts'
import { ProviderBusyError, type RenderError } from '../provider.ts'
import { createOpenAiProvider, nearestSize, OPENAI_DEFAULT_MODEL, type OpenAiOptions } from './openai.ts'
import { stagingPrompt } from './staging-prompt.ts'

// Contract tests: the real openai SDK against an msw model of the image edit endpoint.
const api = createOpenAiImagesModel()
const server = serveVendorModel(api)
const { request } = stagingRequests({ width: 800, height: 600 })

const openai = (options: Partial<OpenAiOptions> = {}) =>
	// Far above the test timeout: only the timeout test (a call that never answers) waits for one.
	createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseURL: OPENAI_TEST_BASE, timeoutMs: 120_000, ...options })

test('one call asks for n=3 at high input fidelity, JPEG, the nearest size, and answers three images', async () => {
	const { images, model, providerRenderId } = await openai().render(request())
	expect(api.calls).toHaveLength(1)
	// multipart/form-data sends line breaks as CRLF
	expect({ ...api.calls[0], prompt: api.calls[0].prompt.replaceAll('\r\n', '\n') }).toEqual({
		image: 'file:image/jpeg',
		prompt: stagingPrompt(request()),
		model: OPENAI_DEFAULT_MODEL,
		n: '3',
		size: '1536x1024',
		quality: 'high',
		input_fidelity: 'high',
		output_format: 'jpeg',
	})
	expect(images).toHaveLength(3)
	expect(await sharp(images[0].bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1536, height: 1024 })
	expect(model).toBe(OPENAI_DEFAULT_MODEL)
	expect(providerRenderId).toBe('req_1')
})

test('another view of the room, already staged, goes as the second image[] part, with the prompt to match it', async () => {
	const staged = await sharp(request().image).modulate({ brightness: 0.9 }).jpeg().toBuffer()
	await openai().render({ ...request(), reference: staged })
	expect(api.calls).toHaveLength(1)
	expect(api.calls[0]).toMatchObject({ 'image[]': 'file:image/jpeg', n: '3' })
	expect(api.calls[0]).not.toHaveProperty('image')
	expect(api.referencesOf[0].map((bytes) => bytes.equals(staged))).toEqual([true])
	expect(api.calls[0].prompt).toContain('Furnish this photograph with the same pieces')
})

test('the size is the one whose aspect is nearest the photo', () => {
	expect(nearestSize(4000, 3000)).toBe('1536x1024')
	expect(nearestSize(3000, 4000)).toBe('1024x1536')
	expect(nearestSize(1100, 1000)).toBe('1024x1024')
	expect(nearestSize(5000, 1000)).toBe('1536x1024')
})

test('prompts keep the room and only furnish, empty first when asked, and empty only for a null style', () => {
	const furnish = stagingPrompt({ roomType: 'kids_room', style: 'midcentury', removeFurniture: false })
	expect(furnish).toContain("furnish it as a mid-century modern children's bedroom")
	expect(furnish).toContain('walls, windows, doors, floor, ceiling')
	expect(furnish).not.toMatch(/remove all the existing/i)
	expect(furnish).not.toContain('Variation')
	expect(stagingPrompt({ roomType: 'living', style: 'modern', removeFurniture: true })).toContain(
		'First remove all the existing furniture',
	)
	const empty = stagingPrompt({ roomType: 'living', style: null, removeFurniture: true })
	expect(empty).toContain('Remove all the furniture')
	expect(empty).toContain('Add nothing')
})

test('the reported usage becomes a cost where OpenAI publishes the model’s token prices', async () => {
	expect((await openai().render(request())).costUsdMicros).toBeUndefined()
	// gpt-image-1-mini: 100 text × $2 + 1300 image × $2.50 + 18720 out × $8 per 1M tokens
	expect((await openai({ model: 'gpt-image-1-mini' }).render(request())).costUsdMicros).toBe(
		100 * 2 + 1300 * 2.5 + 18720 * 8,
	)
})

describe('failures', () => {
	test('each call of a 429 storm is the vendor saying "not now", with its retry-after; then it answers', async () => {
		api.state.rateLimited = 2
		for (let i = 0; i < 2; i++) {
			const error = await failure(openai().render(request()))
			expect(error).toBeInstanceOf(ProviderBusyError)
			expect((error as ProviderBusyError).retryAfterMs).toBe(20)
		}
		expect((await openai().render(request())).images).toHaveLength(3)
	})

	test('an account out of credit is final, not a rate limit', async () => {
		api.state.insufficientQuota = true
		const error = await failure(openai().render(request()))
		expect(error).not.toBeInstanceOf(ProviderBusyError)
		expect(error).toMatchObject({ retryable: false, message: expect.stringMatching(/no credit left/) })
	})

	test('a 5xx is a retryable failure (the pipeline tries again later)', async () => {
		api.state.serverErrors = 1
		expect(await failure(openai().render(request()))).toMatchObject({
			retryable: true,
			message: expect.stringMatching(/^OpenAI failed/),
		})
		expect((await openai().render(request())).images).toHaveLength(3)
	})

	test('a timeout is retryable; a malformed answer or no image too, a wrong key is final', async () => {
		api.state.hang = true
		expect(await failure(openai({ timeoutMs: 100 }).render(request()))).toMatchObject({ retryable: true })
		api.reset()
		api.state.malformed = true
		expect(await failure(openai().render(request()))).toMatchObject({ retryable: true })
		api.reset()
		api.state.noImage = true
		expect(await failure(openai().render(request()))).toMatchObject({
			retryable: true,
			message: 'OpenAI returned no image',
		})
		expect(await failure(openai({ apiKey: 'sk-wrong' }).render(request()))).toMatchObject({
			retryable: false,
			message: expect.stringMatching(/^OpenAI refused the API key/),
		})
	})
})

// OpenAI answers a render's images in one call: nothing of a failed call to keep, but the call holds a
// slot of the cap on calls in flight (RENDER_CONCURRENCY) like any vendor call (core/render/per-call.ts).
test('a call in flight holds a slot: with one allowed, a second render reaches OpenAI only when the first is done', async () => {
	api.state.hang = true
	const provider = openai({ concurrency: 1 })
	const first = new AbortController()
	const firstRender = failure(provider.render({ ...request(), signal: first.signal }))
	const second = provider.render(request())
	await vi.waitFor(() => expect(api.calls).toHaveLength(1))
	await new Promise((resolve) => setTimeout(resolve, 100))
	expect(api.calls).toHaveLength(1)
	api.state.hang = false
	first.abort(new Error('worker shutting down'))
	expect((await firstRender).message).toMatch(/aborted|shutting down/i)
	expect((await second).images).toHaveLength(3)
	expect(api.calls).toHaveLength(2)
})

test('a 429 whose Retry-After is an HTTP date is read as the wait until then', async () => {
	const at = new Date(Date.now() + 30_000)
	server.use(
		http.post(`${OPENAI_TEST_BASE}/images/edits`, () =>
			HttpResponse.json(
				{
					error: {
						message: 'Rate limit reached for images per minute.',
						type: 'requests',
						code: 'rate_limit_exceeded',
					},
				},
				{ status: 429, headers: { 'retry-after': at.toUTCString() } },
			),
		),
	)
	const error = (await failure(openai().render(request()))) as ProviderBusyError
	expect(error).toBeInstanceOf(ProviderBusyError)
	expect(error.retryAfterMs).toBeGreaterThan(25_000)
	expect(error.retryAfterMs).toBeLessThanOrEqual(30_000)
})

test('status: reachable with the key, not with another', async () => {
	expect(await openai().status()).toEqual({ reachable: true })
	expect(await openai({ apiKey: 'sk-wrong' }).status()).toMatchObject({ reachable: false })
})

test('OpenAI failing with 5xx opens the circuit: the next render is refused without a call until the probe is due', async () => {
	let now = 1_000_000
	const circuit = new CircuitBreaker({ vendor: 'OpenAI', provider: 'openai', threshold: 1, now: () => now })
	const provider = openai({ circuit })
	server.use(
		http.post(
			`${OPENAI_TEST_BASE}/images/edits`,
			() => HttpResponse.json({ error: { message: 'The server had an error', type: 'server_error' } }, { status: 500 }),
			{ once: true },
		),
	)
	expect(((await failure(provider.render(request()))) as RenderError).retryable).toBe(true)
	expect(await failure(provider.render(request()))).toBeInstanceOf(VendorUnavailableError)
	expect(api.calls).toHaveLength(0)
	now += circuit.probeIntervalMs
	expect((await provider.render(request())).images).toHaveLength(3)
	expect(circuit.openSince).toBeUndefined()
})
