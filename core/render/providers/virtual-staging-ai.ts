/**
 * Virtual Staging AI's v2 REST API as a DeferredProvider: a render is created, named by its id,
 * and looked at later; results are signed URLs that expire.
 *
 * Facts relied on:
 * - Base URL https://api.virtualstagingai.app/v2; every request carries `Authorization: Api-Key {key}`
 *   (case sensitive). GET /status answers 200 when the API runs; GET /user answers
 *   `{ user, photoLimit: { staging, imageEditing }, photosUsedThisPeriod: { staging, imageEditing } }`;
 *   errors are `{ message }` (401 authentication, 500 unexpected).
 *   https://docs.virtualstagingai.app/v2-api/endpoints
 * - POST /renders takes `{ config: { type: "staging", add_furniture: { room_type, style } }, image_url,
 *   variation_count, wait_for_completion, webhook_url? }`; image_url is an http(s) URL or a base64 data URL
 *   matching `^(https?:\/\/[^\s]+|data:image\/[a-zA-Z+]+;base64,[A-Za-z0-9+/=]+)$`; it answers the Render.
 *   POST /renders/{id}/variations adds variations to a render with a config of the same shape.
 *   https://docs.virtualstagingai.app/v2-api/endpoints , https://docs.virtualstagingai.app/v2-api/core-concepts
 * - Furniture removal is `config.remove_furniture: { mode: "on" }` beside (or, to empty a room, instead
 *   of) `add_furniture` (the v1 API's declutter_mode on/off/auto, https://docs.virtualstagingai.app/endpoints ;
 *   the v2 field as public integrations send it).
 * - A Render is `{ id, created_at, variations: { total_count, next_cursor, items }, eta }`; a Variation is
 *   `{ id, render_id, created_at, status, result: { url, optimized_url, thumbnail_url }, eta, config: { room_type,
 *   style } }` (the config it was asked for, echoed: the only thing that ties a render to a request, as the
 *   API keeps no client reference), status queued | rendering | completed | failed; both `eta`s are null in
 *   the examples of finished ones. GET /renders/{id} pages its variations (`variations_limit` up to 100,
 *   `variations_order`); GET /renders lists renders newest first (`limit` 1–100, `cursor`, `order`).
 *   https://docs.virtualstagingai.app/v2-api/endpoints
 * - GET /renders/{id} "returns details about a render including the status, variations, and result URL"
 *   (GET /renders/{id}/variations/{variation_id} the same of one variation); the documentation gives no
 *   lifetime for those links. One that answers 401/403/404/410 is ResultLinkGoneError, and the pipeline
 *   reads the render again for the link it hands out now (fetchResult in core/staging/stage-render.ts).
 *   https://docs.virtualstagingai.app/v2-api/endpoints
 * - Webhooks POST `{ event_type: done | error | update, render_id, variation_id, result, timestamp }` to
 *   webhook_url. https://docs.virtualstagingai.app/v2-api/webhooks
 * - Styles: modern, scandinavian, industrial, midcentury, luxury, farmhouse, coastal, standard (hamptons,
 *   american, southwestern deprecated); room types: living, bed, kitchen, dining, bathroom, home_office,
 *   outdoor, kids_room. Maximum concurrency per API account: 50. https://docs.virtualstagingai.app/endpoints
 * - Its removal is the whole room's furniture (remove_furniture, above); no field in the documentation
 *   Rendo could read takes a mask, a named thing or a surface to repaint, so an item removal or a
 *   renovation (StagingRequest.scope) is refused before anything is sent.
 */
import { z } from 'zod'
import {
	RenderError,
	ResultLinkGoneError,
	STYLES,
	type DeferredProvider,
	type ProviderVariation,
	type RoomType,
	type StagingRequest,
	type Style,
	type VariationState,
} from '../provider.ts'
import type { CircuitBreaker } from '../circuit-breaker.ts'
import { createRetryingFetch, type ReadAnswer } from '../retrying-fetch.ts'

export const VSAI_BASE_URL = 'https://api.virtualstagingai.app/v2'

export const VSAI_NO_SCOPED_EDITS =
	'Virtual Staging AI has no documented way to remove chosen items or renovate surfaces: use another provider for these edits'

/** Rendo's room types in the vendor's words (it has no "exterior": a garden or façade is outdoor). */
export const VSAI_ROOM_TYPES: Record<RoomType, string> = {
	kitchen: 'kitchen',
	living: 'living',
	bedroom: 'bed',
	bathroom: 'bathroom',
	dining: 'dining',
	office: 'home_office',
	exterior: 'outdoor',
	kids_room: 'kids_room',
	outdoor: 'outdoor',
}

/** Rendo's styles are the vendor's own eight. */
export const VSAI_STYLES: Record<Style, string> = Object.fromEntries(STYLES.map((style) => [style, style])) as Record<
	Style,
	string
>

const STATES: Record<string, VariationState> = {
	queued: 'queued',
	rendering: 'rendering',
	completed: 'done',
	done: 'done',
	failed: 'error',
	error: 'error',
	canceled: 'canceled',
	cancelled: 'canceled',
}

const Variation = z.object({
	id: z.string().min(1),
	created_at: z.number(),
	status: z.string(),
	result: z.object({ url: z.string().nullish() }).nullish(),
	config: z
		.object({
			room_type: z.string().nullish(),
			style: z.string().nullish(),
			add_furniture: z.object({ room_type: z.string().nullish(), style: z.string() }).nullish(),
		})
		.passthrough()
		.nullish(),
	error_message: z.string().nullish(),
	eta: z.number().nullish(),
})
const Render = z.object({
	id: z.string().min(1),
	created_at: z.number(),
	eta: z.number().nullish(),
	variations: z.object({ items: z.array(Variation), next_cursor: z.string().nullish() }),
})
const RenderPage = z.object({ items: z.array(Render), next_cursor: z.string().nullish() })
const User = z.object({
	photoLimit: z.object({ staging: z.number(), imageEditing: z.number().nullish() }),
	photosUsedThisPeriod: z.object({ staging: z.number(), imageEditing: z.number().nullish() }),
})

export interface VirtualStagingAiOptions {
	apiKey: string
	baseUrl?: string
	fetch?: typeof globalThis.fetch
	/** One attempt of a call, answer body included, and one result download. */
	requestTimeoutMs?: number
	maxRetries?: number
	retryBaseMs?: number
	/** This process's breaker for the vendor (createProvider makes it): every call and download asks it. */
	circuit?: CircuitBreaker
}

// The vendor's timestamps are numbers: seconds or milliseconds since the epoch.
const toMs = (t: number) => (t < 1e12 ? t * 1000 : t)

/** A look in the vendor's words: its room type and style, or "empty" when nothing was added. */
const lookIn = (roomType: string | null | undefined, style: string | null | undefined) =>
	style ? `${roomType ?? '?'}/${style}` : 'empty'

/**
 * Seconds until the render is done, as the vendor estimates it: the Render's `eta` when it gives
 * one, else the latest of its Variations' (each has its own), else none.
 */
function etaOf(render: z.infer<typeof Render>) {
	if (render.eta != null) return render.eta
	const etas = render.variations.items.flatMap((v) => (v.eta == null ? [] : [v.eta]))
	return etas.length ? Math.max(...etas) : undefined
}

function variationOf(v: z.infer<typeof Variation>): ProviderVariation {
	const style = v.config?.add_furniture?.style ?? v.config?.style ?? null
	return {
		id: v.id,
		state: STATES[v.status] ?? 'rendering',
		url: v.result?.url ?? undefined,
		createdAt: toMs(v.created_at),
		style: STYLES.includes(style as Style) ? (style as Style) : null,
		look: lookIn(v.config?.add_furniture?.room_type ?? v.config?.room_type, style),
		error: v.error_message ?? undefined,
	}
}

export function createVirtualStagingAiProvider({
	apiKey,
	baseUrl = VSAI_BASE_URL,
	// Looked up at call time, so fetch mocks installed later still apply.
	fetch = (...args) => globalThis.fetch(...args),
	requestTimeoutMs = 30_000,
	maxRetries = 3,
	retryBaseMs = 500,
	circuit,
}: VirtualStagingAiOptions): DeferredProvider {
	const base = baseUrl.replace(/\/+$/, '')
	const retryingFetch = createRetryingFetch({
		fetch,
		maxRetries,
		retryBaseMs,
		requestTimeoutMs,
		vendor: 'Virtual Staging AI',
		circuit,
	})
	// A create that failed without a clear answer (a 5xx, a timeout, a dropped connection) may have
	// been made all the same: it is never sent again here. The pipeline looks for it at the vendor
	// before it submits again (core/staging/stage-render.ts).
	const sendOnce = createRetryingFetch({
		fetch,
		maxRetries: 0,
		retryBaseMs,
		requestTimeoutMs,
		vendor: 'Virtual Staging AI',
		circuit,
	})
	const call = <T extends z.ZodTypeAny>(
		method: string,
		path: string,
		schema: T | null,
		body?: unknown,
		signal?: AbortSignal,
	) =>
		(method === 'POST' ? sendOnce : retryingFetch)(
			`${method} ${path.split('?')[0]}`,
			`${base}${path}`,
			{
				method,
				headers: { Authorization: `Api-Key ${apiKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
				body: body ? JSON.stringify(body) : undefined,
			},
			schema ? parseJson(`${method} ${path}`, schema) : async () => undefined,
			signal ?? AbortSignal.timeout(requestTimeoutMs * (maxRetries + 2)),
		) as Promise<T extends z.ZodTypeAny ? z.infer<T> : undefined>

	const configOf = (request: StagingRequest) => ({
		type: 'staging',
		...(request.style
			? { add_furniture: { room_type: VSAI_ROOM_TYPES[request.roomType], style: VSAI_STYLES[request.style] } }
			: {}),
		...(request.removeFurniture || !request.style ? { remove_furniture: { mode: 'on' } } : {}),
	})
	const common = (request: StagingRequest) => ({
		config: configOf(request),
		variation_count: request.count,
		wait_for_completion: false,
		...(request.webhookUrl ? { webhook_url: request.webhookUrl } : {}),
	})

	/** Refused before any upload and never retried: a guard behind editRoom's own refusal by `edits`. */
	const refuseScoped = (request: StagingRequest) => {
		if (request.scope) throw new RenderError(VSAI_NO_SCOPED_EDITS, false)
	}

	return {
		kind: 'deferred',
		name: 'virtual-staging-ai',
		model: 'virtual-staging-ai-v2',
		isPreview: false,
		canEmptyRoom: true,
		// Its v2 API has Day-to-Dusk and Image Enhancement processing types (core-concepts), but the
		// configuration fields they take are not in the documentation Rendo could read: offered once
		// they are, rather than sent in a shape of our own guessing.
		photoEdits: [],
		// Its removal is the whole room's furniture: no field of the endpoints' documentation takes a
		// mask, a named thing or a surface (https://docs.virtualstagingai.app/v2-api/endpoints).
		edits: { remove: false, renovate: [], refusal: VSAI_NO_SCOPED_EDITS },
		// Its multi-view staging (beta) and POST /multi-view-compatability exist (core-concepts), but not
		// the request fields in the documentation Rendo could read: views are staged one by one, and said so.
		stagesViewsTogether: false,
		circuit,
		async submit(request) {
			refuseScoped(request)
			const render = await call(
				'POST',
				'/renders',
				Render,
				{ ...common(request), image_url: imageUrlOf(request) },
				request.signal,
			)
			return { providerRenderId: render.id, etaSeconds: etaOf(render) }
		},
		async addVariations(providerRenderId, request) {
			refuseScoped(request)
			await call(
				'POST',
				`/renders/${encodeURIComponent(providerRenderId)}/variations`,
				null,
				common(request),
				request.signal,
			)
		},
		async poll(providerRenderId, signal) {
			const query = new URLSearchParams({ variations_limit: '100', variations_order: 'asc' })
			const render = await call(
				'GET',
				`/renders/${encodeURIComponent(providerRenderId)}?${query}`,
				Render,
				undefined,
				signal,
			)
			return { variations: render.variations.items.map(variationOf), etaSeconds: etaOf(render) }
		},
		async recentRenders(since, signal) {
			const found = []
			for (let cursor: string | null | undefined; ; ) {
				const query = new URLSearchParams({ limit: '100', order: 'desc', ...(cursor ? { cursor } : {}) })
				const page = await call('GET', `/renders?${query}`, RenderPage, undefined, signal)
				for (const render of page.items) {
					if (toMs(render.created_at) < since) return found
					found.push({
						providerRenderId: render.id,
						createdAt: toMs(render.created_at),
						variations: render.variations.items.map(variationOf),
					})
				}
				cursor = page.next_cursor
				if (!cursor) return found
			}
		},
		async download(url, signal) {
			// Signed result URLs carry their own authority: the API key never goes to the CDN. A download
			// hung mid-body ends at the timeout too, however long the caller would wait.
			const timeout = AbortSignal.timeout(circuit ? circuit.admit(requestTimeoutMs) : requestTimeoutMs)
			try {
				const response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
				if (response.status >= 500) throw new Error(`${response.status}`)
				circuit?.succeeded()
				if ([401, 403, 404, 410].includes(response.status))
					throw new ResultLinkGoneError(`Virtual Staging AI's result link has expired or is gone (${response.status})`)
				if (!response.ok) throw new RenderError(`Virtual Staging AI's result download failed: ${response.status}`, true)
				return Buffer.from(await response.arrayBuffer())
			} catch (error) {
				if (error instanceof RenderError) throw error
				if (signal?.aborted) circuit?.abandoned()
				else circuit?.failed((error as Error).message)
				throw new RenderError(`Virtual Staging AI's result could not be downloaded: ${(error as Error).message}`, true)
			}
		},
		lookOf(request) {
			return request.style ? lookIn(VSAI_ROOM_TYPES[request.roomType], VSAI_STYLES[request.style]) : 'empty'
		},
		webhookRenderId(body) {
			const parsed = z.object({ render_id: z.string().min(1) }).safeParse(body)
			return parsed.success ? parsed.data.render_id : undefined
		},
		async status() {
			try {
				await call('GET', '/status', null)
				const user = await call('GET', '/user', User)
				const editing = { used: user.photosUsedThisPeriod.imageEditing, limit: user.photoLimit.imageEditing }
				return {
					reachable: true,
					credits: { used: user.photosUsedThisPeriod.staging, limit: user.photoLimit.staging },
					...(editing.used != null &&
						editing.limit != null && { editCredits: { used: editing.used, limit: editing.limit } }),
				}
			} catch (error) {
				return { reachable: false, message: error instanceof Error ? error.message : String(error) }
			}
		},
	}
}

/** The photo as a public https URL where Rendo has one, else inline as a base64 data URL. */
function imageUrlOf(request: StagingRequest) {
	if (request.imageUrl) return request.imageUrl
	const type =
		request.image[0] === 0x89 ? 'png' : request.image.subarray(8, 12).toString('latin1') === 'WEBP' ? 'webp' : 'jpeg'
	return `data:image/${type};base64,${request.image.toString('base64')}`
}

function parseJson<T extends z.ZodTypeAny>(what: string, schema: T): ReadAnswer<z.infer<T>> {
	return async (response) => {
		const text = await response.text()
		let json: unknown
		try {
			json = JSON.parse(text)
		} catch {
			throw new RenderError(
				`Virtual Staging AI answered ${what} with something that is not JSON: ${text.slice(0, 100)}`,
				false,
			)
		}
		const parsed = schema.safeParse(json)
		if (!parsed.success) {
			const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
			throw new RenderError(`Virtual Staging AI sent an unexpected answer to ${what}: ${issues.join('; ')}`, false)
		}
		return parsed.data
	}
}
