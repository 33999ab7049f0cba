import { http, HttpResponse } from 'msw'
import sharp from 'sharp'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { logger } from '#core/platform/logger.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { createGeminiApi, GEMINI_API_KEY, GEMINI_BASE_URL } from '#tests/mocks/gemini-api.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { CircuitBreaker, VendorUnavailableError } from '../circuit-breaker.ts'
import { ProviderBusyError, RenderError, ROOM_TYPES, STYLES, type StagingRequest } from '../provider.ts'
import {
	costUsdMicros,
	createGeminiProvider,
	GEMINI_DEFAULT_MODEL,
	nearestAspectRatio,
	geminiPrompt as stagingPrompt,
	supportedAspectRatios,
	type GeminiOptions,
} from './gemini.ts'

// Contract tests: the real @google/genai SDK against tests/mocks/gemini-api.ts, an msw model of Gemini's REST API.
const api = createGeminiApi()
const server = serveVendorModel(api)

let photo: Buffer
beforeAll(async () => {
	photo = await makeRoomPhoto({ width: 800, height: 600 })
})

const gemini = (options: Partial<GeminiOptions> = {}) =>
	createGeminiProvider({
		apiKey: GEMINI_API_KEY,
		baseUrl: GEMINI_BASE_URL,
		// Far above the test timeout: no call here is abandoned unless a test moves the fake clock.
		timeoutMs: 120_000,
		retryBaseMs: 1,
		...options,
	})

const request = (overrides: Partial<StagingRequest> = {}): StagingRequest => ({
	image: photo,
	width: 800,
	height: 600,
	roomType: 'living',
	style: 'modern',
	removeFurniture: false,
	count: 1,
	firstIndex: 0,
	...overrides,
})

async function failure(promise: Promise<unknown>) {
	const error = await promise.then(
		() => undefined,
		(error: unknown) => error,
	)
	expect(error, 'the call should have failed').toBeInstanceOf(Error)
	return error as Error
}

describe('render', () => {
	test('sends the photo inline, the staging prompt, IMAGE and the nearest aspect ratio, and answers the image', async () => {
		const provider = gemini()
		expect(provider).toMatchObject({
			name: 'gemini',
			kind: 'immediate',
			model: GEMINI_DEFAULT_MODEL,
			isPreview: false,
			canEmptyRoom: true,
		})
		const receipt = await provider.render(request())

		const [call] = api.generateCalls()
		expect(call.apiKey).toBe(GEMINI_API_KEY)
		expect(call.model).toBe('gemini-nano-banana-2.1')
		expect(call.body).toEqual({
			contents: [
				{
					role: 'user',
					parts: [
						{ inlineData: { mimeType: 'image/jpeg', data: photo.toString('base64') } },
						{ text: stagingPrompt(request(), 0) },
					],
				},
			],
			generationConfig: { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '4:3' } },
		})

		expect(receipt.model).toBe('gemini-nano-banana-2.1')
		expect(receipt.images).toHaveLength(1)
		const [image] = receipt.images
		expect(image.providerImageId).toMatch(/^\S+$/)
		const meta = await sharp(image.bytes).metadata()
		expect(meta.format).toBe('png')
		expect(meta.width! / meta.height!).toBeCloseTo(4 / 3, 1)
		expect(meta.width).toBeGreaterThan(1000)

		// Nano Banana 2.1: $1.50 per 1M input tokens, $30 per 1M image tokens, $7.50 per 1M thinking tokens.
		const promptTokens = Math.ceil(call.prompt!.length / 4) + 1120
		expect(receipt.costUsdMicros).toBe(Math.round(promptTokens * 1.5 + 1120 * 30 + 180 * 7.5))
		expect(receipt.costUsdMicros).toBeGreaterThan(33_600)
		expect(receipt.costUsdMicros).toBeLessThan(45_000)
	})

	test('count=3 makes three calls, each asking for a different arrangement, and answers three images', async () => {
		const receipt = await gemini().render(request({ count: 3 }))
		expect(receipt.images).toHaveLength(3)
		const calls = api.generateCalls()
		expect(calls).toHaveLength(3)
		expect(calls.map((call) => call.prompt!.match(/Variation \d of \d/)?.[0]).sort()).toEqual([
			'Variation 1 of 3',
			'Variation 2 of 3',
			'Variation 3 of 3',
		])
		expect(new Set(receipt.images.map((image) => image.providerImageId)).size).toBe(3)
		const one = Math.round((Math.ceil(calls[0].prompt!.length / 4) + 1120) * 1.5 + 1120 * 30 + 180 * 7.5)
		expect(receipt.costUsdMicros).toBeGreaterThan(3 * one - 20)
		expect(receipt.costUsdMicros).toBeLessThan(3 * one + 20)
	})

	test('later variations number on from firstIndex', async () => {
		await gemini().render(request({ count: 2, firstIndex: 3 }))
		expect(
			api
				.generateCalls()
				.map((call) => call.prompt!.match(/Variation \d of \d/)?.[0])
				.sort(),
		).toEqual(['Variation 4 of 5', 'Variation 5 of 5'])
	})

	test('the aspect ratio is the supported one nearest the photo, per model', async () => {
		const wide = await makeRoomPhoto({ width: 1500, height: 1000 })
		const receipt = await gemini().render(request({ image: wide, width: 1500, height: 1000 }))
		expect(api.generateCalls()[0].aspectRatio).toBe('3:2')
		const meta = await sharp(receipt.images[0].bytes).metadata()
		expect(meta.width! / meta.height!).toBeCloseTo(1.5, 1)

		// A 4:1 panorama: Nano Banana 2.1 has 4:1, gemini-2.5-flash-image stops at 21:9 (the mock refuses 4:1 for it).
		const panorama = await makeRoomPhoto({ width: 1600, height: 400 })
		api.reset()
		await gemini().render(request({ image: panorama, width: 1600, height: 400 }))
		expect(api.generateCalls()[0].aspectRatio).toBe('4:1')
		api.reset()
		await gemini({ model: 'gemini-2.5-flash-image' }).render(request({ image: panorama, width: 1600, height: 400 }))
		expect(api.generateCalls()[0]).toMatchObject({ model: 'gemini-2.5-flash-image', aspectRatio: '21:9' })
	})

	test('a PNG photo goes as image/png', async () => {
		const png = await sharp(photo).png().toBuffer()
		await gemini().render(request({ image: png }))
		expect(api.generateCalls()[0].image?.mimeType).toBe('image/png')
	})

	test('bytes that are no JPEG, PNG or WebP fail at once, without a call', async () => {
		const error = await failure(gemini().render(request({ image: Buffer.from('not an image at all') })))
		expect(error).toBeInstanceOf(RenderError)
		expect((error as RenderError).retryable).toBe(false)
		expect(api.generateCalls()).toHaveLength(0)
	})

	test('another view of the room, already staged, goes inline after the photo, with the prompt to match it', async () => {
		const staged = await sharp(photo).modulate({ brightness: 0.9 }).jpeg().toBuffer()
		await gemini().render(request({ reference: staged, count: 2 }))
		const calls = api.generateCalls()
		expect(calls).toHaveLength(2)
		for (const call of calls) {
			expect(call.image?.bytes.equals(photo)).toBe(true)
			expect(call.references?.map((r) => [r.mimeType, r.bytes.equals(staged)])).toEqual([['image/jpeg', true]])
			expect(call.prompt).toContain('The second image is the same living room photographed from another viewpoint')
			// One arrangement to match: the calls are not asked for different ones.
			expect(call.prompt).not.toContain('Variation')
		}
	})
})

describe('nearestAspectRatio', () => {
	test.each([
		[1600, 1200, '4:3'],
		[1200, 1600, '3:4'],
		[1920, 1080, '16:9'],
		[1080, 1920, '9:16'],
		[1000, 1000, '1:1'],
		[1500, 1000, '3:2'],
		[1280, 1024, '5:4'],
		[1024, 1280, '4:5'],
		[2560, 1080, '21:9'],
		[3000, 1000, '21:9'],
		[4000, 1000, '4:1'],
		[1000, 8000, '1:8'],
	])('%i×%i → %s', (width, height, ratio) => {
		expect(nearestAspectRatio(width, height)).toBe(ratio)
		expect(nearestAspectRatio(width, height, supportedAspectRatios(GEMINI_DEFAULT_MODEL))).toBe(ratio)
	})

	test('older models have ten ratios, so a panorama gets 21:9 and a tall strip 9:16', () => {
		const classic = supportedAspectRatios('gemini-2.5-flash-image')
		expect(classic).toHaveLength(10)
		expect(nearestAspectRatio(4000, 1000, classic)).toBe('21:9')
		expect(nearestAspectRatio(1000, 8000, classic)).toBe('9:16')
		expect(supportedAspectRatios('models/gemini-nano-banana-2.1')).toHaveLength(14)
	})
})

describe('stagingPrompt', () => {
	test('furnishes in the style and keeps the building and camera as they are', () => {
		const prompt = stagingPrompt(request({ roomType: 'living', style: 'midcentury' }))
		expect(prompt).toContain('mid-century modern living room')
		expect(prompt).toMatch(/walls, windows, doors, floor, ceiling/)
		expect(prompt).toMatch(/light/)
		expect(prompt).toMatch(/camera position, angle, lens and framing/)
		expect(prompt).toMatch(/Only add furnishings/)
		expect(prompt).not.toMatch(/remove (all|the existing)/i)
		expect(prompt).not.toMatch(/Variation/)
	})

	test('removes the furniture first when asked', () => {
		const prompt = stagingPrompt(request({ roomType: 'bedroom', style: 'scandinavian', removeFurniture: true }))
		expect(prompt).toMatch(/First remove all the existing furniture/)
		expect(prompt).toMatch(/Then virtually stage the empty room: furnish it as a Scandinavian bedroom/)
		expect(prompt.indexOf('First remove')).toBeLessThan(prompt.indexOf('furnish it'))
	})

	test('style null empties the room and adds nothing', () => {
		const prompt = stagingPrompt(request({ roomType: 'kids_room', style: null, removeFurniture: true, count: 3 }))
		expect(prompt).toContain("children's bedroom")
		expect(prompt).toMatch(/Remove all the furniture/)
		expect(prompt).toMatch(/Add nothing/)
		expect(prompt).not.toMatch(/furnish it|Variation/)
		expect(prompt).toMatch(/walls, windows, doors, floor, ceiling/)
	})

	test('asks each variation for a different arrangement', () => {
		expect(stagingPrompt(request({ count: 3 }), 1)).toContain(
			'Variation 2 of 3: choose a different arrangement and different pieces from the other variations.',
		)
	})

	test('room types and styles are plain English', () => {
		for (const roomType of ROOM_TYPES)
			for (const style of [...STYLES, null]) {
				const prompt = stagingPrompt(request({ roomType, style }))
				expect(prompt).not.toMatch(/_|\bnull\b|\bliving\b(?! room)|\bstandard\b|\bmidcentury\b/)
			}
	})
})

describe('costUsdMicros', () => {
	test('prices prompt, image and thinking tokens; unknown when there are no tokens or no published price', () => {
		const usage = {
			promptTokenCount: 1200,
			candidatesTokenCount: 1120,
			thoughtsTokenCount: 100,
			candidatesTokensDetails: [{ modality: 'IMAGE' as never, tokenCount: 1120 }],
		}
		expect(costUsdMicros('gemini-nano-banana-2.1', usage)).toBe(1200 * 1.5 + 1120 * 30 + 100 * 7.5)
		expect(costUsdMicros('gemini-2.5-flash-image', { promptTokenCount: 0, candidatesTokenCount: 1290 })).toBe(38_700)
		expect(costUsdMicros('gemini-nano-banana-2.1', undefined)).toBeUndefined()
		expect(costUsdMicros('gemini-nano-banana-2.1', {})).toBeUndefined()
		expect(costUsdMicros('some-future-model', usage)).toBeUndefined()
	})

	test('another model is priced at its own rates; an unknown model is refused, not retried', async () => {
		const receipt = await gemini({ model: 'gemini-3-pro-image' }).render(request())
		const promptTokens = Math.ceil(api.generateCalls()[0].prompt!.length / 4) + 1120
		expect(receipt.costUsdMicros).toBe(Math.round(promptTokens * 2 + 1120 * 120 + 180 * 12))
		const unknown = await failure(gemini({ model: 'gemini-9-image' }).render(request()))
		expect(unknown.message).toMatch(/404 NOT_FOUND: models\/gemini-9-image is not found/)
		expect((unknown as RenderError).retryable).toBe(false)
	})
})

describe('failures', () => {
	test('429 RESOURCE_EXHAUSTED asking longer than a render waits is ProviderBusyError with RetryInfo as retryAfterMs, not retried here', async () => {
		api.rateLimit(Infinity, '46s')
		const error = await failure(gemini({ maxBusyWaitMs: 30_000 }).render(request()))
		expect(error).toBeInstanceOf(ProviderBusyError)
		expect((error as ProviderBusyError).retryAfterMs).toBe(46_000)
		expect((error as ProviderBusyError).retryable).toBe(true)
		expect(error.message).toMatch(/429 RESOURCE_EXHAUSTED: You exceeded your current quota/)
		expect(api.generateCalls()).toHaveLength(1)
	})

	test('429 without RetryInfo leaves the wait to the pipeline past the retries; fractional delays are read too', async () => {
		api.rateLimit(1, null)
		const error = await failure(gemini({ busyRetries: 0 }).render(request()))
		expect(error).toBeInstanceOf(ProviderBusyError)
		expect((error as ProviderBusyError).retryAfterMs).toBeUndefined()
		api.rateLimit(1, '0.5s')
		expect(((await failure(gemini({ busyRetries: 0 }).render(request()))) as ProviderBusyError).retryAfterMs).toBe(500)
	})

	test('429s past the retries go back to the pipeline as ProviderBusyError', async () => {
		api.rateLimit(Infinity, '0.01s')
		const error = await failure(gemini({ busyRetries: 2 }).render(request()))
		expect(error).toBeInstanceOf(ProviderBusyError)
		expect(api.generateCalls()).toHaveLength(3)
	})

	test('5xx is retried with backoff, then succeeds', async () => {
		api.serverError(2)
		const receipt = await gemini().render(request())
		expect(receipt.images).toHaveLength(1)
		expect(api.generateCalls()).toHaveLength(3)
	})

	test('5xx every time fails retryable after the retries', async () => {
		api.serverError(Infinity, 500)
		const error = await failure(gemini({ retries: 2 }).render(request()))
		expect(error).toBeInstanceOf(RenderError)
		expect(error).not.toBeInstanceOf(ProviderBusyError)
		expect((error as RenderError).retryable).toBe(true)
		expect(error.message).toMatch(/Gemini failed after 3 attempts: 500 INTERNAL/)
		expect(api.generateCalls()).toHaveLength(3)
	})

	test('a broken JSON answer is retried; broken every time is retryable', async () => {
		api.malformed(1)
		expect((await gemini().render(request())).images).toHaveLength(1)
		expect(api.generateCalls()).toHaveLength(2)
		api.reset()
		api.malformed()
		const error = await failure(gemini().render(request()))
		expect((error as RenderError).retryable).toBe(true)
		expect(error.message).toMatch(/JSON/)
	})

	test('a dropped connection is retried', async () => {
		let drops = 1
		server.use(
			http.post(`${GEMINI_BASE_URL}/v1beta/models/:modelAction`, () =>
				drops-- > 0 ? HttpResponse.error() : undefined,
			),
		)
		expect((await gemini().render(request())).images).toHaveLength(1)
		expect(drops).toBe(-1)
	})

	test('an answer without an image is asked again, and billed answers count in the cost', async () => {
		const single = (await gemini().render(request())).costUsdMicros!
		api.reset()
		api.noImage(2)
		const receipt = await gemini().render(request())
		expect(receipt.images).toHaveLength(1)
		expect(api.generateCalls()).toHaveLength(3)
		expect(receipt.costUsdMicros).toBeGreaterThan(single)
	})

	test('no image every time fails, not retryable, quoting what Gemini said', async () => {
		api.noImage(Infinity, { text: 'I cannot edit photos of this kind.' })
		const error = await failure(gemini({ retries: 2 }).render(request()))
		expect(error).toBeInstanceOf(RenderError)
		expect((error as RenderError).retryable).toBe(false)
		expect(error.message).toBe('Gemini returned no image: it said "I cannot edit photos of this kind." (3 answers)')
		expect(api.generateCalls()).toHaveLength(3)
	})

	test('a finish reason other than STOP is quoted', async () => {
		api.noImage(Infinity, { finishReason: 'IMAGE_SAFETY', text: 'Unable to show the generated image.' })
		const error = await failure(gemini({ retries: 0 }).render(request()))
		expect(error.message).toMatch(/^Gemini returned no image: finish reason IMAGE_SAFETY; it said "Unable to show/)
		expect((error as RenderError).retryable).toBe(false)
	})

	test('a blocked prompt is asked again, then fails not retryable with the block reason', async () => {
		api.blockPrompt()
		const error = await failure(gemini().render(request()))
		expect(error.message).toBe('Gemini returned no image: the prompt was blocked (PROHIBITED_CONTENT) (3 answers)')
		expect((error as RenderError).retryable).toBe(false)
		api.reset()
		api.blockPrompt(1)
		expect((await gemini().render(request())).images).toHaveLength(1)
	})

	test("a refused key is not retried and carries Gemini's message", async () => {
		const error = await failure(gemini({ apiKey: 'wrong' }).render(request()))
		expect(error).toBeInstanceOf(RenderError)
		expect((error as RenderError).retryable).toBe(false)
		expect(error.message).toBe(
			'Gemini refused the request: 400 INVALID_ARGUMENT: API key not valid. Please pass a valid API key.',
		)
		expect(api.generateCalls()).toHaveLength(1)
	})

	test('403 is not retried', async () => {
		server.use(
			http.post(`${GEMINI_BASE_URL}/v1beta/models/:modelAction`, () =>
				HttpResponse.json(
					{
						error: {
							code: 403,
							message: 'Permission denied: Consumer has been suspended.',
							status: 'PERMISSION_DENIED',
						},
					},
					{ status: 403 },
				),
			),
		)
		const error = await failure(gemini().render(request()))
		expect(error.message).toBe(
			'Gemini refused the request: 403 PERMISSION_DENIED: Permission denied: Consumer has been suspended.',
		)
		expect((error as RenderError).retryable).toBe(false)
	})
})

// Gemini answers one image a call: a render of three is three calls side by side, and what goes wrong on
// one is that call's alone (core/render/per-call.ts). Reported from outside: a 429 on one call aborted its
// siblings (which Gemini finished and billed anyway) and the whole render was asked again, and one
// render's three calls went out together whatever the cap.
describe('one call per image', () => {
	const variationOf = (call: { prompt?: string }) => call.prompt!.match(/Variation (\d) of \d/)![1]

	test.each([
		['a 429 with RetryInfo', () => api.rateLimit(1, '0.2s'), 200],
		['a 503', () => api.serverError(1, 503), 0],
	])(
		"%s on one of three calls: that call alone is asked again, its siblings' answers kept",
		async (_, fault, waitMs) => {
			// Images take a while and refusals come at once, as at Gemini: the siblings are in flight when it fails.
			api.latency(100)
			fault()
			const receipt = await gemini().render(request({ count: 3 }))
			expect(receipt.images).toHaveLength(3)
			expect(new Set(receipt.images.map((image) => image.providerImageId)).size).toBe(3)
			const calls = api.generateCalls()
			expect(calls).toHaveLength(4)
			expect(api.paidCalls()).toBe(3)
			const asked = calls.map(variationOf)
			expect(new Set(asked)).toEqual(new Set(['1', '2', '3']))
			const again = asked.find((variation, i) => asked.indexOf(variation) !== i)!
			const [refused, retried] = calls.filter((call) => variationOf(call) === again)
			expect(retried.at - refused.at).toBeGreaterThanOrEqual(waitMs)
		},
	)

	test('calls in flight never exceed the cap, across renders, retries and 429s included', async () => {
		api.latency(50)
		api.rateLimit(2, '0.05s')
		api.serverError(1, 503)
		const provider = gemini({ concurrency: 2 })
		const receipts = await Promise.all([
			provider.render(request({ count: 3 })),
			provider.render(request({ count: 3, style: 'luxury' })),
			provider.render(request({ count: 1, style: 'coastal' })),
		])
		expect(receipts.map((receipt) => receipt.images.length)).toEqual([3, 3, 1])
		expect(api.generateCalls()).toHaveLength(10)
		expect(api.paidCalls()).toBe(7)
		expect(api.maxInFlight()).toBe(2)
	})

	test('a call refused for good: siblings in flight are answered, not aborted; those not yet sent are not sent', async () => {
		api.latency(100)
		let refusals = 1
		server.use(
			http.post(`${GEMINI_BASE_URL}/v1beta/models/:modelAction`, () =>
				refusals-- > 0
					? HttpResponse.json(
							{ error: { code: 403, message: 'Consumer has been suspended.', status: 'PERMISSION_DENIED' } },
							{ status: 403 },
						)
					: undefined,
			),
		)
		const started = Date.now()
		const error = await failure(gemini({ concurrency: 2 }).render(request({ count: 3 })))
		expect(error.message).toBe('Gemini refused the request: 403 PERMISSION_DENIED: Consumer has been suspended.')
		expect((error as RenderError).retryable).toBe(false)
		// The sibling sent beside the refused call was answered (and billed) before the render gave up;
		// the third, still waiting for a slot, never went.
		expect(Date.now() - started).toBeGreaterThanOrEqual(100)
		expect(api.generateCalls()).toHaveLength(1)
		expect(api.paidCalls()).toBe(1)
	})
})

describe('timeouts', () => {
	// The SDK bounds each attempt with a setTimeout: a fake one, moved by the test once the model holds the call,
	// so a timeout fires when the test says and never because the machine was busy.
	beforeEach(() => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
	})
	afterEach(() => {
		vi.useRealTimers()
	})

	test('a call with no answer in time is abandoned and tried again', async () => {
		api.hang(1)
		const render = gemini({ timeoutMs: 150 }).render(request())
		await api.held(1)
		await vi.advanceTimersByTimeAsync(149)
		expect(api.generateCalls()).toHaveLength(1)
		await vi.advanceTimersByTimeAsync(1)
		const receipt = await render
		expect(receipt.images).toHaveLength(1)
		expect(api.generateCalls()).toHaveLength(2)
	})

	test('no answer ever: a retryable failure after the retries, in bounded time', async () => {
		api.hang()
		const render = failure(gemini({ timeoutMs: 100, retries: 1 }).render(request()))
		await api.held(1)
		await vi.advanceTimersByTimeAsync(100)
		await api.held(2)
		await vi.advanceTimersByTimeAsync(100)
		const error = await render
		expect((error as RenderError).retryable).toBe(true)
		expect(error.message).toMatch(/after 2 attempts: no answer in time/)
		expect(api.generateCalls()).toHaveLength(2)
	})
})

describe('cancelling', () => {
	test('the caller abort stops a call in flight and rejects with its reason', async () => {
		api.hang()
		const controller = new AbortController()
		const render = failure(gemini().render(request({ signal: controller.signal })))
		await api.held(1)
		controller.abort(new Error('worker shutting down'))
		const error = await render
		expect(error.message).toBe('worker shutting down')
		expect(api.generateCalls()).toHaveLength(1)
	})

	test('an aborted signal makes no call', async () => {
		const error = await failure(gemini().render(request({ signal: AbortSignal.abort(new Error('gone')) })))
		expect(error.message).toBe('gone')
		expect(api.generateCalls()).toHaveLength(0)
	})

	test('an abort during the backoff stops the retries', async () => {
		api.serverError()
		const controller = new AbortController()
		// Aborted in the turn after the adapter logs its retry, when the backoff has begun.
		vi.spyOn(logger, 'warn').mockImplementationOnce(() => {
			setImmediate(() => controller.abort(new Error('stop')))
		})
		const render = gemini({ retryBaseMs: 10_000 }).render(request({ signal: controller.signal }))
		expect((await failure(render)).message).toBe('stop')
		vi.restoreAllMocks()
		expect(api.generateCalls()).toHaveLength(1)
	})
})

describe('status', () => {
	test('a model lookup with the key: reachable', async () => {
		expect(await gemini().status()).toEqual({ reachable: true, message: 'Nano Banana 2.1 is available' })
		expect(api.requests.at(-1)).toMatchObject({
			method: 'GET',
			model: 'gemini-nano-banana-2.1',
			apiKey: GEMINI_API_KEY,
		})
	})

	test('a refused key, an unknown model or no network: not reachable, never a throw', async () => {
		expect(await gemini({ apiKey: 'wrong' }).status()).toEqual({
			reachable: false,
			message: '400 INVALID_ARGUMENT: API key not valid. Please pass a valid API key.',
		})
		expect(await gemini({ model: 'gemini-9-image' }).status()).toMatchObject({
			reachable: false,
			message: expect.stringMatching(/^404 NOT_FOUND/),
		})
		server.use(http.get(`${GEMINI_BASE_URL}/v1beta/models/:model`, () => HttpResponse.error()))
		expect(await gemini().status()).toMatchObject({ reachable: false })
	})
})

describe('the Gemini model is strict', () => {
	const post = (body: unknown, key: string | null = GEMINI_API_KEY, model = 'gemini-nano-banana-2.1') =>
		fetch(`${GEMINI_BASE_URL}/v1beta/models/${model}:generateContent`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'x-goog-api-key': key }) },
			body: JSON.stringify(body),
		})
	const jpeg = () => ({ inlineData: { mimeType: 'image/jpeg', data: photo.toString('base64') } })
	const valid = (parts: object[] = [jpeg(), { text: 'stage it' }], generationConfig: object = {}) => ({
		contents: [{ role: 'user', parts }],
		generationConfig: { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '4:3' }, ...generationConfig },
	})

	test('a valid request answers an image', async () => {
		const response = await post(valid())
		expect(response.status).toBe(200)
		const body = await response.json()
		expect(body.candidates[0].content.parts[0].inlineData.mimeType).toBe('image/png')
		expect(body.usageMetadata.candidatesTokenCount).toBe(1120)
	})

	const KEY = GEMINI_API_KEY
	test.each([
		['no key', () => valid(), null, 403],
		['a wrong key', () => valid(), 'nope', 400],
		['two text parts', () => valid([jpeg(), { text: 'x' }, { text: 'y' }]), GEMINI_API_KEY, 400],
		['fifteen images', () => valid([...Array.from({ length: 15 }, jpeg), { text: 'x' }]), GEMINI_API_KEY, 400],
		['no text', () => valid([jpeg()]), GEMINI_API_KEY, 400],
		[
			'a wrong mime type',
			() => valid([{ inlineData: { ...jpeg().inlineData, mimeType: 'image/png' } }, { text: 'x' }]),
			KEY,
			400,
		],
		[
			'bytes that are no image',
			() => valid([{ inlineData: { mimeType: 'image/jpeg', data: 'aGVsbG8=' } }, { text: 'x' }]),
			KEY,
			400,
		],
		['TEXT only', () => valid(undefined, { responseModalities: ['TEXT'] }), GEMINI_API_KEY, 400],
		[
			'an unsupported aspect ratio',
			() => valid(undefined, { imageConfig: { aspectRatio: '7:5' } }),
			GEMINI_API_KEY,
			400,
		],
		['no aspect ratio', () => valid(undefined, { imageConfig: {} }), GEMINI_API_KEY, 400],
		['an unknown field', () => ({ ...valid(), numberOfImages: 3 }), GEMINI_API_KEY, 400],
	])('refuses %s', async (_, body, key, status) => {
		const response = await post(body(), key)
		expect(response.status).toBe(status)
		const answer = await response.json()
		expect(answer.error).toMatchObject({
			code: status,
			status: status === 403 ? 'PERMISSION_DENIED' : 'INVALID_ARGUMENT',
		})
	})
})

// Gemini down (issue 38): its calls go through the process's circuit (core/render/circuit-breaker.ts),
// so renders waiting on a vendor that keeps failing stop calling it, but for one probe an interval.
test('Gemini failing: the circuit opens, renders are refused without a call, and one probe after the interval closes it', async () => {
	let now = 1_000_000
	const circuit = new CircuitBreaker({
		vendor: 'Gemini',
		provider: 'gemini',
		threshold: 3,
		probeIntervalMs: 3_000,
		now: () => now,
	})
	const provider = gemini({ circuit, retries: 0 })
	api.serverError(3, 503)
	const failed = (await failure(provider.render(request({ count: 3 })))) as RenderError
	expect(failed.retryable).toBe(true)
	expect(circuit.openSince).toBe(now)

	// Open: a render is refused at once, Gemini not called, with the wait to the next probe.
	const refused = await failure(provider.render(request({ count: 3 })))
	expect(refused).toBeInstanceOf(VendorUnavailableError)
	expect((refused as VendorUnavailableError).retryAfterMs).toBe(3_000)
	expect(api.generateCalls()).toHaveLength(3)

	// The interval passed, Gemini well again: one call goes as the probe, its siblings wait for it.
	now += 3_000
	await failure(provider.render(request({ count: 3 })))
	expect(api.generateCalls()).toHaveLength(4)
	expect(circuit.openSince).toBeUndefined()
	expect((await provider.render(request({ count: 3 }))).images).toHaveLength(3)
	expect(api.generateCalls()).toHaveLength(7)
})
