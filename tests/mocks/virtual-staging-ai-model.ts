import { randomUUID } from 'node:crypto'
import { http as mswHttp } from 'msw'
import sharp from 'sharp'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { serveOnLoopback } from './loopback.ts'
import { type AnswerImage, stagedAnswerOnce } from './staged-answer.ts'

/**
 * A model of Virtual Staging AI's v2 API (core/render/providers/virtual-staging-ai.ts cites the
 * documentation), as one `handle(Request) → Response`, so msw serves it in-process and `serveModel`
 * on a real loopback port (for child processes and the bench). It checks each request strictly
 * (auth header, body fields and types, enums, variation_count, the image_url pattern, no unknown
 * fields) and keeps renders whose variations finish `latencyMs` after they were asked for, with
 * a cap on variations in progress above which it answers 429 with Retry-After.
 *
 * Each variation's result is the render's photo, staged (stagedAnswer: furniture added, reframed
 * to `outputSize`), made once and kept, so every download of it is the same bytes. The photo is
 * read from `image_url` when the render is created: decoded from a data URL, or fetched from an
 * http(s) URL; if it cannot be read the result is a synthetic room, staged (`state.photoUnread`
 * counts those). `answer` (or `state.answer`, per test) answers a crafted image instead.
 */
export const VSAI_TEST_KEY = 'vsai-test-key'
const ROOM_TYPES = ['living', 'bed', 'kitchen', 'dining', 'bathroom', 'home_office', 'outdoor', 'kids_room']
const STYLES = ['modern', 'scandinavian', 'industrial', 'midcentury', 'luxury', 'farmhouse', 'coastal', 'standard']
/** How long a result link lasts once handed out. */
const RESULT_LINK_LIFE_MS = 3_600_000
const IMAGE_URL = /^(https?:\/\/[^\s]+|data:image\/[a-zA-Z+]+;base64,[A-Za-z0-9+/=]+)$/

interface ModelVariation {
	id: string
	render_id: string
	created_at: number
	doneAt: number
	config: { type: string; room_type?: string; style?: string }
	outcome: 'completed' | 'failed' | 'canceled'
	error_message?: string
}

export interface ModelOptions {
	baseUrl?: string
	apiKey?: string
	/** A variation is done this long after it was asked for. */
	latencyMs?: number
	/** Variations in progress above which a create answers 429. */
	concurrencyCap?: number
	/** The result's size, whatever the photo's (the vendor reframes). */
	outputSize?: { width: number; height: number }
	/** The result of each variation instead of the staged photo (a zoomed photo, a moved window…). */
	answer?: AnswerImage
	/**
	 * How the vendor fetches an http(s) image_url (default: fetch). A test whose links no server
	 * answers (an msw file at a made-up host) can route them to the app's loader here.
	 */
	fetchPhoto?: (url: string) => Promise<Response>
	/**
	 * Make each variation's result when it is done rather than at its first download, as the vendor
	 * has it ready when it says "completed": after an outage, the fleet's vendor (tests/fleet-vendor.ts)
	 * would otherwise make a whole backlog's images at once, the first download waiting behind them.
	 */
	resultsWhenDone?: boolean
}

/** Where the in-process (msw) model answers unless told otherwise. */
export const VSAI_TEST_BASE_URL = 'https://api.virtualstagingai.test/v2'

/**
 * The settings that point the staging pipeline at the in-process model, with fast retries and
 * looks a minute apart (tests bring them forward). Call inside vi.hoisted: before the
 * configuration is first read.
 */
export function useVirtualStagingAiModelSettings(more: Record<string, string> = {}) {
	Object.assign(process.env, {
		RENDER_PROVIDER: 'virtual-staging-ai',
		RENDER_API_KEY: VSAI_TEST_KEY,
		RENDER_API_URL: VSAI_TEST_BASE_URL,
		RENDER_RETRY_BASE_MS: '1',
		RENDER_POLL_INTERVAL_MS: '60000',
		...more,
	})
}

export function createVirtualStagingAiModel({
	baseUrl = VSAI_TEST_BASE_URL,
	apiKey = VSAI_TEST_KEY,
	latencyMs = 0,
	concurrencyCap = 50,
	outputSize = { width: 1536, height: 1024 },
	answer,
	fetchPhoto = (url) => fetch(url, { signal: AbortSignal.timeout(10_000) }),
	resultsWhenDone = false,
}: ModelOptions = {}) {
	const base = new URL(baseUrl)
	const renders = new Map<string, { id: string; created_at: number; variations: ModelVariation[] }>()
	const requests: Array<{ method: string; path: string; body?: unknown }> = []
	/** Each render's photo as read from its image_url (undefined: it could not be read). */
	const photos = new Map<string, Promise<Buffer | undefined>>()
	/** Each variation's result, made at its first download. */
	const results = new Map<string, Promise<Buffer>>()
	/** The room a result shows when its photo could not be read. */
	let syntheticRoom: Promise<Buffer> | undefined
	const state = {
		creates: 0,
		variationPosts: 0,
		tooMany: 0,
		/** Answer the next requests with these statuses instead. */
		failures: [] as number[],
		/** How new variations end. */
		outcome: 'completed' as ModelVariation['outcome'],
		/** Results answer 403, as an expired signed URL does. */
		expireResults: false,
		/**
		 * The next this many result links handed out have lapsed already, as a link read and fetched after
		 * its signature expired: it answers 403, while the render read again hands out a fresh one.
		 */
		lapsedResultLinks: 0,
		/** A create is made, then its answer is held this long (a crash lands in between). */
		answerDelayMs: 0,
		/** What each result shows, when a test crafts it (first asked for at a result's first download). */
		answer: answer as AnswerImage | undefined,
		/** Renders whose image_url could not be read: their results show a synthetic room, staged. */
		photoUnread: 0,
		/**
		 * The vendor down (set with `outage`): every request, result links included, answers this status,
		 * or with 'hang' is done as usual (a create makes its render) but its answer held until the outage
		 * ends, long after the client gave up.
		 */
		outage: null as Outage,
		/** Requests that arrived while it was down. */
		callsDuringOutage: 0,
	}
	/** Ends the held answers of a 'hang' outage. */
	let outageEnded: (() => void) | undefined
	let untilOutageEnds = Promise.resolve()
	/** The vendor goes down (a status, or 'hang') or, with null, answers again. */
	function outage(mode: Outage) {
		state.outage = mode
		if (mode === 'hang' && !outageEnded) untilOutageEnds = new Promise((resolve) => (outageEnded = resolve))
		if (mode !== 'hang') {
			outageEnded?.()
			outageEnded = undefined
		}
	}
	const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
		new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
	const refuse = (status: number, message: string) => json({ message }, status)
	/** A 429, counted, telling the client when to come back. */
	const tooMany = (message: string, retryAfterSeconds: number) => {
		state.tooMany++
		return json({ message }, 429, { 'retry-after': String(retryAfterSeconds) })
	}
	const inProgress = () =>
		[...renders.values()].flatMap((r) => r.variations).filter((v) => v.doneAt > Date.now()).length

	/** A result link signed until a moment: an hour from now, or already past while links are to lapse. */
	function resultLink(v: ModelVariation, resultBase: string) {
		const lapsed = state.lapsedResultLinks > 0 && state.lapsedResultLinks--
		return `${resultBase}/results/${Date.now() + (lapsed ? -1 : RESULT_LINK_LIFE_MS)}/${v.id}.jpg`
	}

	function view(v: ModelVariation, resultBase: string) {
		const done = Date.now() >= v.doneAt
		const status = done ? v.outcome : v.created_at + latencyMs / 2 > Date.now() ? 'queued' : 'rendering'
		return {
			id: v.id,
			type: 'staging',
			render_id: v.render_id,
			created_at: v.created_at,
			status,
			result:
				status === 'completed' ? { url: resultLink(v, resultBase), optimized_url: null, thumbnail_url: null } : null,
			base_variation_id: null,
			eta: done ? null : Math.ceil((v.doneAt - Date.now()) / 1000),
			config: v.config,
			...(status === 'failed' ? { error_message: v.error_message ?? 'The photo could not be staged' } : {}),
		}
	}
	const renderView = (r: { id: string; created_at: number; variations: ModelVariation[] }, resultBase: string) => ({
		id: r.id,
		created_at: r.created_at,
		queued_at: null,
		variations: {
			total_count: r.variations.length,
			next_cursor: null,
			items: r.variations.map((v) => view(v, resultBase)),
		},
		eta: null,
	})

	/** The body's fields, checked as the documentation states them; a string is the refusal. */
	function checkBody(body: unknown, withImage: boolean): string | { config: ModelVariation['config']; count: number } {
		if (!body || typeof body !== 'object') return 'body must be a JSON object'
		const b = body as Record<string, unknown>
		const allowed = [
			'config',
			'variation_count',
			'wait_for_completion',
			'webhook_url',
			...(withImage ? ['image_url'] : []),
		]
		const unknown = Object.keys(b).filter((k) => !allowed.includes(k))
		if (unknown.length) return `unknown fields: ${unknown.join(', ')}`
		if (withImage && (typeof b.image_url !== 'string' || !IMAGE_URL.test(b.image_url)))
			return 'image_url must be an http(s) or base64 data URL'
		if (!Number.isInteger(b.variation_count) || (b.variation_count as number) < 1 || (b.variation_count as number) > 4)
			return 'variation_count must be an integer from 1 to 4'
		if (b.wait_for_completion !== false) return 'wait_for_completion must be false here'
		if (b.webhook_url !== undefined && (typeof b.webhook_url !== 'string' || !b.webhook_url.startsWith('https://')))
			return 'webhook_url must be https'
		const c = b.config as Record<string, unknown> | undefined
		if (c?.type !== 'staging') return 'config.type must be "staging"'
		const extra = Object.keys(c).filter((k) => !['type', 'add_furniture', 'remove_furniture'].includes(k))
		if (extra.length) return `unknown config fields: ${extra.join(', ')}`
		const add = c.add_furniture as Record<string, unknown> | undefined
		const remove = c.remove_furniture as Record<string, unknown> | undefined
		if (!add && !remove) return 'config needs add_furniture or remove_furniture'
		if (add && (!ROOM_TYPES.includes(add.room_type as string) || !STYLES.includes(add.style as string)))
			return 'invalid room_type or style'
		if (remove && !['on', 'off', 'auto'].includes(remove.mode as string))
			return 'remove_furniture.mode must be on, off or auto'
		return {
			config: { type: 'staging', room_type: add?.room_type as string, style: add?.style as string },
			count: b.variation_count as number,
		}
	}

	function newVariations(renderId: string, config: ModelVariation['config'], count: number) {
		const now = Date.now()
		const variations = Array.from({ length: count }, (_, i) => ({
			id: `var_${randomUUID()}`,
			render_id: renderId,
			created_at: now + i,
			doneAt: now + latencyMs,
			config,
			outcome: state.outcome,
		}))
		if (resultsWhenDone)
			for (const v of variations) setTimeout(() => resultOf(`${v.id}.jpg`).catch(() => {}), latencyMs).unref()
		return variations
	}

	/** The photo at an image_url, read as the vendor reads it when a render is created. */
	async function readPhoto(imageUrl: string): Promise<Buffer | undefined> {
		try {
			const bytes = imageUrl.startsWith('data:')
				? Buffer.from(imageUrl.slice(imageUrl.indexOf(',') + 1), 'base64')
				: await fetchPhoto(imageUrl).then(async (response) =>
						response.ok ? Buffer.from(await response.arrayBuffer()) : undefined,
					)
			if (bytes && (await sharp(bytes).metadata()).width) return bytes
		} catch {}
		state.photoUnread++
		return undefined
	}

	/** A variation's result: its render's photo, staged, or the crafted answer; the same bytes at each download. */
	function resultOf(file: string): Promise<Buffer> {
		const id = file.replace(/\.jpg$/, '')
		let result = results.get(id)
		if (!result) {
			const render = [...renders.values()].find((r) => r.variations.some((v) => v.id === id))
			const index = render ? render.variations.findIndex((v) => v.id === id) : 0
			const craft = state.answer
			result = (async () => {
				const photo = (render && (await photos.get(render.id))) ?? (await (syntheticRoom ??= makeRoomPhoto(outputSize)))
				return craft ? craft(photo, outputSize, { index }) : stagedAnswerOnce(photo, outputSize, { index })
			})()
			results.set(id, result)
			result.catch(() => results.delete(id))
		}
		return result
	}

	async function handle(request: Request): Promise<Response> {
		if (state.outage === null) return respond(request)
		state.callsDuringOutage++
		if (state.outage !== 'hang') return refuse(state.outage, 'Service unavailable')
		const held = respond(request)
		// Read after the outage: a failure meanwhile is not an unhandled one.
		held.catch(() => {})
		await untilOutageEnds
		return held
	}

	async function respond(request: Request): Promise<Response> {
		const url = new URL(request.url)
		const resultBase = `${url.protocol}//${url.host}${base.pathname === '/' ? '' : base.pathname}`
		if (url.pathname.startsWith(`${base.pathname}/results/`)) {
			const [expires, file] = url.pathname.slice(`${base.pathname}/results/`.length).split('/')
			if (state.expireResults || Number(expires) < Date.now())
				return new Response('AccessDenied: Request has expired', { status: 403 })
			const bytes = await resultOf(decodeURIComponent(file))
			return new Response(new Uint8Array(bytes), { headers: { 'content-type': imageType(bytes) } })
		}
		const path = url.pathname.slice(base.pathname.length)
		const body = request.method === 'POST' ? await request.json().catch(() => null) : undefined
		requests.push({ method: request.method, path: `${path}${url.search}`, body })
		if (request.headers.get('authorization') !== `Api-Key ${apiKey}`) return refuse(401, 'Invalid API key')
		const failure = state.failures.shift()
		if (failure === 429) return tooMany('Too many requests', 0)
		if (failure) return refuse(failure, 'Unexpected server error')

		if (request.method === 'GET' && path === '/status') return new Response(null, { status: 200 })
		if (request.method === 'GET' && path === '/user')
			return json({
				user: { email: 'agency@example.com', uid: 'u1' },
				photoLimit: { staging: 500, imageEditing: 40 },
				photosUsedThisPeriod: { staging: state.creates, imageEditing: 3 },
			})
		if (request.method === 'GET' && path === '/renders') {
			// Newest first, `limit` 1–100 a page; the cursor is opaque to clients (here: the next offset).
			const limit = Number(url.searchParams.get('limit') ?? 20)
			if (!Number.isInteger(limit) || limit < 1 || limit > 100)
				return refuse(400, 'limit must be an integer from 1 to 100')
			const from = Number(url.searchParams.get('cursor') ?? 0)
			const all = [...renders.values()].sort((a, b) => b.created_at - a.created_at)
			const next = from + limit < all.length ? String(from + limit) : null
			return json({
				total_count: all.length,
				next_cursor: next,
				items: all.slice(from, from + limit).map((r) => renderView(r, resultBase)),
			})
		}
		const one = path.match(/^\/renders\/([^/]+)(\/variations)?$/)
		if (request.method === 'POST' && path === '/renders') {
			const checked = checkBody(body, true)
			if (typeof checked === 'string') return refuse(400, checked)
			if (inProgress() + checked.count > concurrencyCap) return tooMany('Too many concurrent renders', 1)
			const id = `rnd_${randomUUID()}`
			const render = { id, created_at: Date.now(), variations: newVariations(id, checked.config, checked.count) }
			renders.set(id, render)
			photos.set(id, readPhoto((body as { image_url: string }).image_url))
			state.creates++
			if (state.answerDelayMs) await new Promise((r) => setTimeout(r, state.answerDelayMs))
			return json(renderView(render, resultBase), 201)
		}
		if (one && request.method === 'POST' && one[2]) {
			const render = renders.get(decodeURIComponent(one[1]))
			if (!render) return refuse(404, 'Render not found')
			const checked = checkBody(body, false)
			if (typeof checked === 'string') return refuse(400, checked)
			if (inProgress() + checked.count > concurrencyCap) return tooMany('Too many concurrent renders', 1)
			render.variations.push(...newVariations(render.id, checked.config, checked.count))
			state.variationPosts++
			return json(renderView(render, resultBase), 201)
		}
		if (one && request.method === 'GET' && !one[2]) {
			const render = renders.get(decodeURIComponent(one[1]))
			return render ? json(renderView(render, resultBase)) : refuse(404, 'Render not found')
		}
		return refuse(404, 'Not found')
	}

	return {
		baseUrl,
		state,
		requests,
		renders,
		handle,
		outage,
		/** msw handlers for the API and its result links on the same host. */
		handlers: [mswHttp.all(`${base.origin}/*`, ({ request }) => handle(request))],
		reset() {
			renders.clear()
			photos.clear()
			results.clear()
			requests.length = 0
			Object.assign(state, {
				creates: 0,
				variationPosts: 0,
				tooMany: 0,
				failures: [],
				outcome: 'completed',
				expireResults: false,
				lapsedResultLinks: 0,
				answerDelayMs: 0,
				answer,
				photoUnread: 0,
				callsDuringOutage: 0,
			})
			outage(null)
		},
	}
}

/** The media type of a result's bytes (a crafted answer may be a PNG or a WebP). */
function imageType(bytes: Buffer) {
	if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png'
	if (bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp'
	return 'image/jpeg'
}

/** How the vendor is down: every request answered with this status, or held unanswered ('hang'). */
export type Outage = number | 'hang' | null

export type VirtualStagingAiModel = ReturnType<typeof createVirtualStagingAiModel>

/** The model on a real loopback port: its base URL for RENDER_API_URL, and a way to close it. */
export async function serveModel(options: Omit<ModelOptions, 'baseUrl'> = {}) {
	let model: VirtualStagingAiModel | undefined
	const server = await serveOnLoopback((request) => model!.handle(request))
	const baseUrl = `${server.origin}/v2`
	model = createVirtualStagingAiModel({ ...options, baseUrl })
	return { model, baseUrl, close: server.close }
}
