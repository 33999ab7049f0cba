import { setupServer } from 'msw/node'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { createStagingProvider, OUTPUT_SIZE, STAGING_API_KEY, STAGING_API_URL } from '#tests/mocks/staging-provider.ts'
import { createHttpRenderer, type HttpRendererOptions } from './http-provider.ts'
import { RenderError, type RenderInput } from './renderer.ts'
import { parseRetryAfter } from './retrying-fetch.ts'

const provider = createStagingProvider()
const server = setupServer(...provider.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
	server.resetHandlers()
	provider.reset()
})
afterAll(() => server.close())

const photo = await makeRoomPhoto({ width: 640, height: 480 })
const input: RenderInput = {
	image: photo,
	roomType: 'kitchen',
	style: 'scandinavian',
	hasFurniture: true,
	variationIndex: 0,
}

// Real code waits seconds; these timings keep the same sequence of events within milliseconds.
function renderer(options: Partial<HttpRendererOptions> = {}) {
	return createHttpRenderer({
		apiKey: STAGING_API_KEY,
		baseUrl: STAGING_API_URL,
		pollIntervalMs: 5,
		retryBaseMs: 5,
		...options,
	})
}

async function renderError(promise: Promise<unknown>): Promise<RenderError> {
	const error = await promise.then(
		() => expect.fail('the render should have failed'),
		(error: unknown) => error,
	)
	expect(error).toBeInstanceOf(RenderError)
	return error as RenderError
}

const apiCalls = (method: string, pathEnd: RegExp) =>
	provider.requests.filter((r) => r.method === method && r.url.startsWith(STAGING_API_URL) && pathEnd.test(r.url))

describe('a render', () => {
	test('uploads the photo with its room, style and furniture flag, and returns the output as JPEG with a thumbnail and the provider ids', async () => {
		const output = await renderer().render(input)

		const [render] = provider.renders.values()
		expect(render).toMatchObject({
			roomType: 'kitchen',
			style: 'scandinavian',
			declutter: 'true',
			imageType: 'image/jpeg',
		})
		expect(output).toMatchObject({
			provider: 'http',
			isPreview: false,
			renderId: render.id,
			variationId: render.outputs[0].variation_id,
			...OUTPUT_SIZE,
		})
		expect(await sharp(output.image).metadata()).toMatchObject({ format: 'jpeg', ...OUTPUT_SIZE })
		expect(await sharp(output.thumbnail).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 })
	})

	test('sends the API key on every API call, and not to the CDN that serves the output', async () => {
		await renderer().render(input)

		const [api, cdn] = [
			provider.requests.filter((r) => r.url.startsWith(STAGING_API_URL)),
			provider.requests.filter((r) => !r.url.startsWith(STAGING_API_URL)),
		]
		expect(api.length).toBeGreaterThanOrEqual(2)
		expect(api.every((r) => r.authorization === `Api-Key ${STAGING_API_KEY}`)).toBe(true)
		expect(cdn).toHaveLength(1)
		expect(cdn[0].authorization).toBeNull()
	})

	test('polls until a slow render is done', async () => {
		provider.set({ pollsBeforeDone: 5 })

		const output = await renderer().render(input)

		expect(apiCalls('GET', /\/renders\/[^/]+$/)).toHaveLength(6)
		expect(output.variationId).toBeDefined()
	})

	test('with the renderId of an earlier output, asks that render for one more variation instead of uploading again', async () => {
		const first = await renderer().render(input)

		const second = await renderer().render({ ...input, style: 'luxury', variationIndex: 1, renderId: first.renderId })

		expect(apiCalls('POST', /\/renders$/)).toHaveLength(1)
		expect(apiCalls('POST', /\/variations$/)).toHaveLength(1)
		expect(second.renderId).toBe(first.renderId)
		expect(second.variationId).not.toBe(first.variationId)
		expect(provider.renders.get(first.renderId!)).toMatchObject({ style: 'luxury' })
	})

	test('fails with the provider message, not to be retried, when the render ends in error', async () => {
		provider.set({ renderError: 'No room detected in the photo' })

		const error = await renderError(renderer().render(input))

		expect(error.message).toContain('No room detected in the photo')
		expect(error.retryable).toBe(false)
	})

	test('times out with a retryable error when the render never finishes', async () => {
		provider.set({ pollsBeforeDone: 10_000 })

		const error = await renderError(renderer({ timeoutMs: 150 }).render(input))

		expect(error.message).toMatch(/did not finish within 0.15 s/)
		expect(error.retryable).toBe(true)
	})

	test('stops when the caller aborts', async () => {
		provider.set({ pollsBeforeDone: 10_000 })
		const controller = new AbortController()
		setTimeout(() => controller.abort(), 30)

		await expect(renderer().render({ ...input, signal: controller.signal })).rejects.toMatchObject({
			name: 'AbortError',
		})
	})
})

describe('failures of the provider', () => {
	test('waits as long as Retry-After says after a 429, then succeeds', async () => {
		provider.set({ failures: [{ status: 429, retryAfter: '0.2' }] })

		const output = await renderer().render(input)

		const [limited, retried] = apiCalls('POST', /\/renders$/)
		expect(retried.at - limited.at).toBeGreaterThanOrEqual(190)
		expect(output.renderId).toBeDefined()
	})

	test('retries a 500, then succeeds', async () => {
		provider.set({ failures: [{ status: 500 }] })

		const output = await renderer().render(input)

		expect(apiCalls('POST', /\/renders$/)).toHaveLength(2)
		expect(output.renderId).toBeDefined()
	})

	test('gives up with a retryable error after maxRetries when the provider keeps failing', async () => {
		provider.set({ failForever: true })

		const error = await renderError(renderer({ maxRetries: 3 }).render(input))

		expect(error.retryable).toBe(true)
		expect(error.message).toMatch(/after 4 attempts: 500/)
		expect(provider.requests).toHaveLength(4)
	})

	test('does not retry a refused request such as a wrong API key', async () => {
		const error = await renderError(renderer({ apiKey: 'wrong' }).render(input))

		expect(error.retryable).toBe(false)
		expect(error.message).toMatch(/refused POST \/renders: 401 .*Invalid API key/)
		expect(provider.requests).toHaveLength(1)
	})

	test('fails, not to be retried, on an answer without the expected fields', async () => {
		provider.set({ malformed: true })

		const error = await renderError(renderer().render(input))

		expect(error.retryable).toBe(false)
		expect(error.message).toMatch(/unexpected answer to GET \/renders\/\S+: status: Required; outputs: Required/)
	})
})

test('Retry-After is read as seconds or as an HTTP date', () => {
	expect(parseRetryAfter('3')).toBe(3000)
	expect(parseRetryAfter(new Date(Date.now() + 10_000).toUTCString())).toBeGreaterThan(8000)
	expect(parseRetryAfter('soon')).toBeUndefined()
	expect(parseRetryAfter(null)).toBeUndefined()
})
