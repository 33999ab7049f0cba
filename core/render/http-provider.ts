import { setTimeout as sleep } from 'node:timers/promises'
import { sharp } from '#core/platform/sharp.ts'
import { z } from 'zod'
import { encodeThumbnail, JPEG_OPTIONS, SHARP_INPUT_OPTIONS } from './jpeg.ts'
import { RenderError, type Renderer, type RenderInput, type RenderOutput } from './renderer.ts'
import { createRetryingFetch, type ReadAnswer } from './retrying-fetch.ts'

/**
 * Adapter for a hosted virtual-staging API of the render / variation / poll shape:
 *
 *   POST {base}/renders                      multipart image, room_type, style, declutter → { render_id }
 *   GET  {base}/renders/{id}                 → { status: queued|rendering|done|error, outputs: [{ variation_id, url }], error? }
 *   POST {base}/renders/{id}/variations      { style, count: 1 } → { render_id }
 *
 * authenticated with `Authorization: Api-Key {key}`. Output URLs are the provider's pre-signed CDN
 * links and are fetched without the key.
 *
 * One render() is one image. Without `input.renderId` it uploads the photo as a new render and takes
 * its first output, whatever the variationIndex: the provider picks its own variety, and the index only
 * matters to the local renderer. With `input.renderId` (kept from an earlier output of the same photo)
 * it asks that render for one more variation in `input.style`, which spares the upload.
 */
export interface HttpRendererOptions {
	apiKey: string
	/** e.g. https://api.stagingprovider.example/v1 */
	baseUrl: string
	pollIntervalMs?: number
	/** The whole render: upload, waiting, polls and download. */
	timeoutMs?: number
	/** One request, answer included. */
	requestTimeoutMs?: number
	maxRetries?: number
	retryBaseMs?: number
	fetch?: typeof globalThis.fetch
}

const RenderCreated = z.object({ render_id: z.string().min(1) })
const RenderStatus = z.object({
	status: z.enum(['queued', 'rendering', 'done', 'error']),
	outputs: z.array(z.object({ variation_id: z.string().min(1), url: z.string().url() })),
	error: z.string().nullish(),
})
type RenderedOutput = z.infer<typeof RenderStatus>['outputs'][number]

const UPLOAD_FORMATS = ['jpeg', 'png', 'webp']

export function createHttpRenderer({
	apiKey,
	baseUrl,
	pollIntervalMs = 2000,
	timeoutMs = 120_000,
	requestTimeoutMs = 30_000,
	maxRetries = 4,
	retryBaseMs = 500,
	// Looked up at call time, so fetch instrumentation or mocks installed later still apply.
	fetch = (...args) => globalThis.fetch(...args),
}: HttpRendererOptions): Renderer {
	const base = baseUrl.replace(/\/+$/, '')
	const auth = { Authorization: `Api-Key ${apiKey}` }
	const retryingFetch = createRetryingFetch({ fetch, maxRetries, retryBaseMs, requestTimeoutMs })

	function callApi<T extends z.ZodTypeAny>(
		method: string,
		path: string,
		body: BodyInit | undefined,
		schema: T,
		signal: AbortSignal,
	) {
		const what = `${method} ${path}`
		const headers = typeof body === 'string' ? { ...auth, 'Content-Type': 'application/json' } : auth
		return retryingFetch(what, `${base}${path}`, { method, headers, body }, parseJson(what, schema), signal)
	}

	async function createRender(input: RenderInput, signal: AbortSignal) {
		const form = new FormData()
		const format = await uploadFormat(input.image)
		// Blob takes bytes on a plain ArrayBuffer, which a Buffer's type does not promise: hence the copy.
		form.append('image', new Blob([new Uint8Array(input.image)], { type: `image/${format}` }), `photo.${format}`)
		form.append('room_type', input.roomType)
		form.append('style', input.style)
		form.append('declutter', String(input.hasFurniture))
		const { render_id } = await callApi('POST', '/renders', form, RenderCreated, signal)
		return render_id
	}

	/** Asks an existing render for one more variation; returns the ids of the outputs it had before. */
	async function requestVariation(renderId: string, style: string, signal: AbortSignal) {
		const path = `/renders/${encodeURIComponent(renderId)}`
		const before = await callApi('GET', path, undefined, RenderStatus, signal)
		await callApi('POST', `${path}/variations`, JSON.stringify({ style, count: 1 }), RenderCreated, signal)
		return new Set(before.outputs.map((output) => output.variation_id))
	}

	async function waitForNewOutput(renderId: string, known: Set<string>, signal: AbortSignal): Promise<RenderedOutput> {
		const path = `/renders/${encodeURIComponent(renderId)}`
		for (;;) {
			await sleep(pollIntervalMs, undefined, { signal })
			const render = await callApi('GET', path, undefined, RenderStatus, signal)
			if (render.status === 'error')
				throw new RenderError(
					`Staging provider could not render ${renderId}: ${render.error || 'no reason given'}`,
					false,
				)
			if (render.status !== 'done') continue
			const output = render.outputs.find((candidate) => !known.has(candidate.variation_id))
			if (output) return output
			// Right after a variation request the provider may still show the previous, finished state.
			if (known.size === 0) throw new RenderError(`Staging provider finished ${renderId} without any output`, false)
		}
	}

	return {
		async render(input) {
			const deadline = AbortSignal.timeout(timeoutMs)
			const signal = input.signal ? AbortSignal.any([input.signal, deadline]) : deadline
			try {
				const { renderId, known } = input.renderId
					? { renderId: input.renderId, known: await requestVariation(input.renderId, input.style, signal) }
					: { renderId: await createRender(input, signal), known: new Set<string>() }
				const output = await waitForNewOutput(renderId, known, signal)
				const image = await retryingFetch('the output download', output.url, {}, readBytes, signal)
				return {
					...(await toJpegWithThumbnail(image)),
					provider: 'http',
					renderId,
					variationId: output.variation_id,
					isPreview: false,
				}
			} catch (error) {
				if (!(error instanceof RenderError) && deadline.aborted && !input.signal?.aborted)
					throw new RenderError(`Staging provider did not finish within ${timeoutMs / 1000} s`, true, { cause: error })
				throw error
			}
		},
	}
}

function parseJson<T extends z.ZodTypeAny>(what: string, schema: T): ReadAnswer<z.infer<T>> {
	return async (response) => {
		const text = await response.text()
		let json: unknown
		try {
			json = JSON.parse(text)
		} catch {
			throw new RenderError(
				`Staging provider answered ${what} with something that is not JSON: ${text.slice(0, 100)}`,
				false,
			)
		}
		const parsed = schema.safeParse(json)
		if (!parsed.success) {
			const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
			throw new RenderError(`Staging provider sent an unexpected answer to ${what}: ${issues.join('; ')}`, false)
		}
		return parsed.data
	}
}

async function readBytes(response: Response) {
	return Buffer.from(await response.arrayBuffer())
}

async function uploadFormat(image: Buffer) {
	const { format } = await sharp(image)
		.metadata()
		.catch(() => ({ format: undefined }))
	if (!format || !UPLOAD_FORMATS.includes(format))
		throw new RenderError(`The photo is not a JPEG, PNG or WebP image (${format ?? 'unreadable'})`, false)
	return format
}

/** The gallery wants JPEGs: a JPEG output is kept byte for byte, anything else is re-encoded. */
async function toJpegWithThumbnail(bytes: Buffer) {
	const decoded = sharp(bytes, SHARP_INPUT_OPTIONS)
	const { format, width, height } = await decoded.metadata().catch((error: unknown) => {
		throw new RenderError(`Staging provider's output is not an image: ${(error as Error).message}`, false)
	})
	const [image, thumbnail] = await Promise.all([
		format === 'jpeg' ? bytes : decoded.clone().jpeg(JPEG_OPTIONS).toBuffer(),
		encodeThumbnail(decoded.clone()),
	])
	return { image, thumbnail, width, height }
}
