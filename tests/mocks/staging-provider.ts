import { randomUUID } from 'node:crypto'
import { http, HttpResponse } from 'msw'
import sharp from 'sharp'

/**
 * A stateful stand-in for the hosted staging API that `core/render/http-provider.ts` talks to, as
 * msw handlers: renders are created from a multipart upload, move queued → rendering → done over
 * successive status polls, and their outputs are real JPEGs on a CDN host. Switches set through
 * `set()` make it slow, rate-limited, failing or malformed.
 */
export const STAGING_API_URL = 'https://api.stagingprovider.example/v1'
export const STAGING_API_KEY = 'test-staging-key'
const CDN_URL = 'https://cdn.stagingprovider.example'
export const OUTPUT_SIZE = { width: 1024, height: 768 }

export interface StagingBehaviour {
	/** Status polls answered 'queued', then 'rendering', before a render is 'done'. */
	pollsBeforeDone: number
	/** Answers given, in order, to the next API requests instead of serving them (e.g. a 429, then a 500). */
	failures: Array<{ status: number; retryAfter?: string }>
	/** Every API request answers 500. */
	failForever: boolean
	/** Status answers leave out `status` and `outputs`. */
	malformed: boolean
	/** Renders end in status 'error' with this message. */
	renderError?: string
	/** Renders of these styles end in status 'error' (with renderError, or a default message). */
	failStyles?: string[]
}

export interface StagingRender {
	id: string
	roomType: string
	style: string
	declutter: string
	imageType: string
	outputs: Array<{ variation_id: string; url: string }>
	/** Outputs asked for and not finished yet. */
	pending: number
	pollsSinceRequest: number
}

export interface StagingRequest {
	method: string
	url: string
	authorization: string | null
	at: number
}

const defaultBehaviour = (): StagingBehaviour => ({
	pollsBeforeDone: 1,
	failures: [],
	failForever: false,
	malformed: false,
})

export function createStagingProvider({ baseUrl = STAGING_API_URL, apiKey = STAGING_API_KEY } = {}) {
	let behaviour = defaultBehaviour()
	const renders = new Map<string, StagingRender>()
	const requests: StagingRequest[] = []
	let outputJpeg: Promise<Buffer> | undefined

	function record(request: Request) {
		requests.push({
			method: request.method,
			url: request.url,
			authorization: request.headers.get('authorization'),
			at: performance.now(),
		})
	}

	function requestOutput(render: StagingRender) {
		render.pending++
		render.pollsSinceRequest = 0
	}

	function pollStatus(render: StagingRender) {
		if (render.pending > 0 && render.pollsSinceRequest < behaviour.pollsBeforeDone)
			return render.pollsSinceRequest++ === 0 ? 'queued' : 'rendering'
		if (behaviour.renderError || behaviour.failStyles?.includes(render.style)) return 'error'
		for (; render.pending > 0; render.pending--) {
			const variationId = `var_${randomUUID()}`
			render.outputs.push({ variation_id: variationId, url: `${CDN_URL}/outputs/${variationId}.jpg` })
		}
		return 'done'
	}

	const handlers = [
		// Runs first for every API call: records it, fails it if a switch says so, else falls through.
		http.all(`${baseUrl}/*`, ({ request }) => {
			record(request)
			if (request.headers.get('authorization') !== `Api-Key ${apiKey}`)
				return HttpResponse.json({ error: 'Invalid API key' }, { status: 401 })
			if (behaviour.failForever) return HttpResponse.json({ error: 'Internal error' }, { status: 500 })
			const failure = behaviour.failures.shift()
			if (failure)
				return HttpResponse.json(
					{ error: failure.status === 429 ? 'Too many requests' : 'Temporarily unavailable' },
					{
						status: failure.status,
						headers: failure.retryAfter === undefined ? {} : { 'Retry-After': failure.retryAfter },
					},
				)
		}),

		http.post(`${baseUrl}/renders`, async ({ request }) => {
			const form = await request.formData()
			const image = form.get('image')
			const [roomType, style, declutter] = ['room_type', 'style', 'declutter'].map((field) => form.get(field))
			if (
				!(image instanceof File) ||
				image.size === 0 ||
				typeof roomType !== 'string' ||
				typeof style !== 'string' ||
				typeof declutter !== 'string'
			)
				return HttpResponse.json({ error: 'image, room_type, style and declutter are required' }, { status: 400 })
			const render: StagingRender = {
				id: `rnd_${randomUUID()}`,
				roomType,
				style,
				declutter,
				imageType: image.type,
				outputs: [],
				pending: 0,
				pollsSinceRequest: 0,
			}
			requestOutput(render)
			renders.set(render.id, render)
			return HttpResponse.json({ render_id: render.id }, { status: 201 })
		}),

		http.get(`${baseUrl}/renders/:id`, ({ params }) => {
			const render = renders.get(String(params.id))
			if (!render) return HttpResponse.json({ error: 'Render not found' }, { status: 404 })
			if (behaviour.malformed) return HttpResponse.json({ render_id: render.id, state: 'done' })
			const status = pollStatus(render)
			return HttpResponse.json({
				render_id: render.id,
				status,
				outputs: render.outputs,
				...(status === 'error' && { error: behaviour.renderError ?? `The ${render.style} style could not be rendered` }),
			})
		}),

		http.post(`${baseUrl}/renders/:id/variations`, async ({ params, request }) => {
			const render = renders.get(String(params.id))
			if (!render) return HttpResponse.json({ error: 'Render not found' }, { status: 404 })
			const body = (await request.json().catch(() => null)) as { style?: unknown; count?: unknown } | null
			if (typeof body?.style !== 'string' || body.count !== 1)
				return HttpResponse.json({ error: 'style and count: 1 are required' }, { status: 400 })
			render.style = body.style
			requestOutput(render)
			return HttpResponse.json({ render_id: render.id }, { status: 202 })
		}),

		http.get(`${CDN_URL}/outputs/:file`, async ({ request }) => {
			record(request)
			outputJpeg ??= sharp({ create: { ...OUTPUT_SIZE, channels: 3, background: '#c9b79c' } })
				.jpeg()
				.toBuffer()
			return new HttpResponse(await outputJpeg, { headers: { 'Content-Type': 'image/jpeg' } })
		}),
	]

	return {
		handlers,
		renders,
		requests,
		/** Changes some switches; the others keep their values. */
		set(changes: Partial<StagingBehaviour>) {
			behaviour = { ...behaviour, ...changes }
		},
		/** Forgets renders and requests, and restores the default behaviour: a quick success. */
		reset() {
			behaviour = defaultBehaviour()
			renders.clear()
			requests.length = 0
		},
	}
}
