import { randomBytes } from 'node:crypto'
import { delay, http, HttpResponse } from 'msw'
import sharp from 'sharp'
import { readEditPrompt, scopedAnswer, type Stray } from './scoped-answer.ts'
import { type AnswerImage, stagedAnswerOnce } from './staged-answer.ts'

/**
 * A stand-in for the part of Google's Gemini API that the Gemini adapter uses, as msw handlers:
 * `POST {base}/v1beta/models/{model}:generateContent` (image editing) and `GET {base}/v1beta/models/{model}`.
 * Requests are checked as strictly as the adapter's contract asks: the `x-goog-api-key` header, a known
 * model, one user content with one or more image parts (each a supported type whose base64 decodes to that
 * kind of image; the first is the photo edited) and one text part, IMAGE among the response modalities, a supported aspect ratio, and no field
 * Gemini does not know. Anything else is answered with Gemini's error JSON, as Gemini answers it. Answers are
 * real images at the requested aspect ratio about 1K, with usageMetadata: the photo of the request, staged
 * (stagedAnswer: furniture added, the photo reframed to cover the size; the prompt's "Variation N of M" picks
 * the arrangement), or, when a test sets one (the `answer` option or answerWith()), a crafted image of it.
 * Switches play the failures: 429 storms, 5xx, hangs, broken JSON, answers without an image, blocked prompts.
 * An item removal or a renovation (worded by core/render/providers/edit-prompt.ts; Gemini takes no mask) is
 * answered as a model that sees the photo would: the things named at the places given, or the surfaces
 * named, found by the room check's segmentation and edited alone (scoped-answer.ts); straying() makes it
 * change something outside them too.
 */
export const GEMINI_API_KEY = 'gemini-test-key'
export const GEMINI_BASE_URL = 'https://gemini.test'

const WIDE_RATIOS = [
	'1:1',
	'2:3',
	'3:2',
	'3:4',
	'4:3',
	'4:5',
	'5:4',
	'9:16',
	'16:9',
	'21:9',
	'1:4',
	'4:1',
	'1:8',
	'8:1',
]
/** The image models Gemini serves here, with the aspect ratios and sizes each takes. */
export const GEMINI_MODELS: Record<string, { displayName: string; aspectRatios: string[]; imageSizes: string[] }> = {
	'gemini-nano-banana-2.1': {
		displayName: 'Nano Banana 2.1',
		aspectRatios: WIDE_RATIOS,
		imageSizes: ['1K', '2K', '4K'],
	},
	'gemini-3-pro-image': {
		displayName: 'Nano Banana Pro',
		aspectRatios: WIDE_RATIOS.slice(0, 10),
		imageSizes: ['1K', '2K', '4K'],
	},
	'gemini-2.5-flash-image': { displayName: 'Nano Banana', aspectRatios: WIDE_RATIOS.slice(0, 10), imageSizes: ['1K'] },
}

const INPUT_TYPES: Record<string, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' }
// Several input images may go in one request (the photo, then images to draw on).
const MAX_INPUT_IMAGES = 14
const REQUEST_FIELDS = new Set(['contents', 'generationConfig', 'safetySettings', 'systemInstruction'])
const CONFIG_FIELDS = new Set([
	...['responseModalities', 'imageConfig', 'thinkingConfig'],
	...['temperature', 'topP', 'topK', 'seed', 'candidateCount'],
])
const IMAGE_CONFIG_FIELDS = new Set(['aspectRatio', 'imageSize'])
const IMAGE_TOKENS = 1120

export interface GeminiRequest {
	method: 'POST' | 'GET'
	model: string
	apiKey: string | null
	/** The parsed body of a generateContent call. */
	body?: unknown
	/** Its text part and image part, when it had them. */
	prompt?: string
	image?: { mimeType: string; bytes: Buffer }
	/** The images sent after the first (another view of the room to match). */
	references?: Array<{ mimeType: string; bytes: Buffer }>
	aspectRatio?: string
	at: number
}

type AnswerSwitch = { left: number }

const geminiError = (code: number, status: string, message: string, details?: unknown[]) =>
	HttpResponse.json({ error: { code, message, status, ...(details ? { details } : {}) } }, { status: code })

/**
 * The process's settings for Gemini as the staging provider, pointed at this model: call it in
 * `vi.hoisted`, before anything reads the configuration.
 */
export function useGeminiApiSettings(more: Record<string, string> = {}) {
	Object.assign(process.env, {
		RENDER_PROVIDER: 'gemini',
		GEMINI_API_KEY,
		GEMINI_BASE_URL,
		RENDER_RETRY_BASE_MS: '1',
		...more,
	})
}

export function createGeminiApi({
	apiKey = GEMINI_API_KEY,
	baseUrl = GEMINI_BASE_URL,
	outputType = 'image/png' as 'image/png' | 'image/jpeg',
	answer = undefined as AnswerImage | undefined,
} = {}) {
	const requests: GeminiRequest[] = []
	const state = {
		rateLimited: { left: 0, retryDelay: '7s' as string | null },
		serverErrors: { left: 0, status: 503 },
		hangs: { left: 0 } as AnswerSwitch,
		malformed: { left: 0 } as AnswerSwitch,
		noImage: { left: 0, finishReason: 'STOP', text: 'I can help with that, but I cannot edit this photo.' },
		blocked: { left: 0, reason: 'PROHIBITED_CONTENT' },
		answer,
		/** How long an image takes to make (a refusal answers at once), so calls overlap as at Gemini. */
		latencyMs: 0,
		/** An edit with a scope also changes something outside it (scoped-answer.ts Stray), or nothing does. */
		strays: undefined as Stray | undefined,
	}
	/** generateContent calls being answered now, and the most there ever were at once (the cap as Gemini sees it). */
	const calls = { inFlight: 0, maxInFlight: 0, paid: 0 }
	/** Whether this answer is due now, spending one of its turns (a switch a test never set has no `left`). */
	const take = (sw: { left: number }) => {
		if (!(sw.left > 0)) return false
		sw.left--
		return true
	}
	/** How many calls have been held unanswered so far, and who waits for that count to reach a number. */
	let heldCalls = 0
	let waiting: Array<{ calls: number; resolve: () => void }> = []
	const holdForever = () => {
		heldCalls++
		for (const waiter of waiting.filter((w) => w.calls <= heldCalls)) waiter.resolve()
		waiting = waiting.filter((waiter) => waiter.calls > heldCalls)
		return delay('infinite')
	}

	/** One generateContent call, answered as Gemini would. */
	async function generate({ request, params }: { request: Request; params: Record<string, unknown> }) {
		const [model, action] = String(params.modelAction).split(':')
		const record: GeminiRequest = {
			method: 'POST',
			model,
			apiKey: request.headers.get('x-goog-api-key'),
			at: Date.now(),
		}
		requests.push(record)
		const refusal = keyRefusal(record.apiKey)
		if (refusal) return refusal
		if (action !== 'generateContent') return geminiError(404, 'NOT_FOUND', `Method not found: ${action}`)
		const known = GEMINI_MODELS[model]
		if (!known)
			return geminiError(
				404,
				'NOT_FOUND',
				`models/${model} is not found for API version v1beta, or is not supported for generateContent.`,
			)

		let body: unknown
		try {
			body = JSON.parse(await request.text())
		} catch {
			return geminiError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Unexpected token.')
		}
		record.body = body
		const invalid = await validate(body, known, record)
		if (invalid) return geminiError(400, 'INVALID_ARGUMENT', invalid)

		if (take(state.rateLimited))
			return geminiError(
				429,
				'RESOURCE_EXHAUSTED',
				'You exceeded your current quota, please check your plan and billing details. For more information on this ' +
					'error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
				[
					{
						'@type': 'type.googleapis.com/google.rpc.QuotaFailure',
						violations: [
							{
								quotaMetric: 'generativelanguage.googleapis.com/generate_content_paid_tier_requests',
								quotaId: 'GenerateRequestsPerMinutePerProjectPerModel',
								quotaDimensions: { location: 'global', model },
								quotaValue: '20',
							},
						],
					},
					{
						'@type': 'type.googleapis.com/google.rpc.Help',
						links: [
							{
								description: 'Learn more about Gemini API quotas',
								url: 'https://ai.google.dev/gemini-api/docs/rate-limits',
							},
						],
					},
					...(state.rateLimited.retryDelay
						? [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: state.rateLimited.retryDelay }]
						: []),
				],
			)
		if (take(state.serverErrors))
			return state.serverErrors.status === 503
				? geminiError(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.')
				: geminiError(
						state.serverErrors.status,
						'INTERNAL',
						'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
					)
		if (take(state.hangs)) await holdForever()
		if (take(state.malformed))
			return new HttpResponse('{"candidates": [{"content": {"parts": [{"inlineData": {"mimeType": "image/png", "da', {
				headers: { 'content-type': 'application/json; charset=UTF-8' },
			})

		// From here on every answer is an HTTP 200, and Gemini bills each, an answer without an image included.
		if (state.latencyMs) await delay(state.latencyMs)
		calls.paid++
		const promptTokens = Math.ceil(record.prompt!.length / 4) + IMAGE_TOKENS
		const base = { modelVersion: model, responseId: randomBytes(12).toString('base64url') }
		if (take(state.blocked))
			return HttpResponse.json({
				promptFeedback: { blockReason: state.blocked.reason },
				usageMetadata: { promptTokenCount: promptTokens, totalTokenCount: promptTokens },
				...base,
			})
		if (take(state.noImage)) {
			const textTokens = Math.ceil(state.noImage.text.length / 4)
			return HttpResponse.json({
				candidates: [
					{
						content: { role: 'model', parts: [{ text: state.noImage.text }] },
						finishReason: state.noImage.finishReason,
						index: 0,
					},
				],
				usageMetadata: {
					promptTokenCount: promptTokens,
					candidatesTokenCount: textTokens,
					totalTokenCount: promptTokens + textTokens,
					candidatesTokensDetails: [{ modality: 'TEXT', tokenCount: textTokens }],
				},
				...base,
			})
		}

		const output = sizeFor(record.aspectRatio!)
		const index = Number(record.prompt!.match(/Variation (\d+) of \d+/)?.[1] ?? 1) - 1
		const craft = state.answer
		const edit = readEditPrompt(record.prompt!)
		const answered = await (craft
			? craft(record.image!.bytes, output, { index })
			: edit
				? scopedAnswer(record.image!.bytes, edit, output, { strays: state.strays })
				: stagedAnswerOnce(record.image!.bytes, output, { index }))
		const bytes = await asOutputType(answered, outputType)
		const thoughts = 180
		return HttpResponse.json({
			candidates: [
				{
					content: {
						role: 'model',
						parts: [{ inlineData: { mimeType: outputType, data: bytes.toString('base64') } }],
					},
					finishReason: 'STOP',
					index: 0,
				},
			],
			usageMetadata: {
				promptTokenCount: promptTokens,
				candidatesTokenCount: IMAGE_TOKENS,
				thoughtsTokenCount: thoughts,
				totalTokenCount: promptTokens + IMAGE_TOKENS + thoughts,
				promptTokensDetails: [
					{ modality: 'TEXT', tokenCount: promptTokens - IMAGE_TOKENS },
					{ modality: 'IMAGE', tokenCount: IMAGE_TOKENS },
				],
				candidatesTokensDetails: [{ modality: 'IMAGE', tokenCount: IMAGE_TOKENS }],
			},
			...base,
		})
	}

	const handlers = [
		http.post(`${baseUrl}/v1beta/models/:modelAction`, async (info) => {
			calls.maxInFlight = Math.max(calls.maxInFlight, ++calls.inFlight)
			try {
				return await generate(info)
			} finally {
				calls.inFlight--
			}
		}),

		http.get(`${baseUrl}/v1beta/models/:model`, ({ request, params }) => {
			const model = String(params.model)
			requests.push({ method: 'GET', model, apiKey: request.headers.get('x-goog-api-key'), at: Date.now() })
			const refusal = keyRefusal(request.headers.get('x-goog-api-key'))
			if (refusal) return refusal
			const known = GEMINI_MODELS[model]
			if (!known) return geminiError(404, 'NOT_FOUND', `models/${model} is not found for API version v1beta.`)
			return HttpResponse.json({
				name: `models/${model}`,
				version: '2.1',
				displayName: known.displayName,
				description: `${known.displayName}: image generation and editing`,
				inputTokenLimit: 65536,
				outputTokenLimit: 32768,
				supportedGenerationMethods: ['generateContent', 'countTokens', 'batchGenerateContent'],
				temperature: 1,
				topP: 0.95,
				maxTemperature: 2,
				thinking: true,
			})
		}),
	]

	function keyRefusal(key: string | null) {
		if (key === null)
			return geminiError(
				403,
				'PERMISSION_DENIED',
				"Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other " +
					'form of API consumer identity to call this API.',
			)
		if (key !== apiKey)
			return geminiError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
				{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
			])
		return undefined
	}

	return {
		handlers,
		requests,
		/** The generateContent calls so far. */
		generateCalls: () => requests.filter((r) => r.method === 'POST'),
		/** generateContent calls Gemini answered 200 (each billed, whether the caller was still listening or not). */
		paidCalls: () => calls.paid,
		/** The most generateContent calls that were being answered at one moment. */
		maxInFlight: () => calls.maxInFlight,
		/** From now on an answer with an image (or without one) takes this long; refusals still answer at once. */
		latency(ms: number) {
			state.latencyMs = ms
		},
		/** The next `calls` generateContent calls answer 429 RESOURCE_EXHAUSTED (with RetryInfo unless retryDelay is null). */
		rateLimit(calls = Infinity, retryDelay: string | null = '7s') {
			state.rateLimited = { left: calls, retryDelay }
		},
		/** The next `calls` calls answer a 5xx (503 "overloaded" by default). */
		serverError(calls = Infinity, status = 503) {
			state.serverErrors = { left: calls, status }
		},
		/** The next `calls` calls never answer. */
		hang(calls = Infinity) {
			state.hangs = { left: calls }
		},
		/**
		 * Resolves once `calls` calls in all are being held unanswered by hang(): from then on only the
		 * adapter's timeout or an abort ends them, so a test can move a fake clock or abort at a known point.
		 */
		held(calls = 1) {
			return new Promise<void>((resolve) => {
				if (heldCalls >= calls) resolve()
				else waiting.push({ calls, resolve })
			})
		},
		/** The next `calls` calls answer 200 with a truncated JSON body. */
		malformed(calls = Infinity) {
			state.malformed = { left: calls }
		},
		/** The next `calls` calls answer without an image: text only, and the finish reason given. */
		noImage(
			calls = Infinity,
			{ finishReason = 'STOP', text = 'I can help with that, but I cannot edit this photo.' } = {},
		) {
			state.noImage = { left: calls, finishReason, text }
		},
		/**
		 * From now on each image answered is this crafted image of the request's photo (a zoomed photo, a moved
		 * window…) instead of the photo staged; answerWith() goes back to staging it.
		 */
		answerWith(crafted?: AnswerImage) {
			state.answer = crafted
		},
		/** From now on an edit with a scope also changes something outside it (the floor by default), or, with false, nothing. */
		straying(strays: Stray | false = 'floor') {
			state.strays = strays || undefined
		},
		/** The next `calls` calls have their prompt blocked (promptFeedback.blockReason, no candidates). */
		blockPrompt(calls = Infinity, reason = 'PROHIBITED_CONTENT') {
			state.blocked = { left: calls, reason }
		},
		reset() {
			requests.length = 0
			state.rateLimited = { left: 0, retryDelay: '7s' }
			state.serverErrors = { left: 0, status: 503 }
			state.hangs = { left: 0 }
			heldCalls = 0
			waiting = []
			state.malformed = { left: 0 }
			state.noImage.left = 0
			state.blocked.left = 0
			state.answer = answer
			state.latencyMs = 0
			state.strays = undefined
			calls.maxInFlight = calls.inFlight
			calls.paid = 0
		},
	}
}

export type GeminiApi = ReturnType<typeof createGeminiApi>

type JsonObject = Record<string, unknown>
const isObject = (value: unknown): value is JsonObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value)
const unknownField = (value: JsonObject, known: Set<string>) => Object.keys(value).find((key) => !known.has(key))

/** Checks a generateContent body the way the adapter's contract asks; the message Gemini would give, or undefined. */
async function validate(
	body: unknown,
	model: (typeof GEMINI_MODELS)[string],
	record: GeminiRequest,
): Promise<string | undefined> {
	if (!isObject(body)) return 'Invalid JSON payload received. Expected an object.'
	const unknown = unknownField(body, REQUEST_FIELDS)
	if (unknown) return `Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`
	const contents = body.contents
	if (!Array.isArray(contents) || contents.length !== 1 || !isObject(contents[0]))
		return '* GenerateContentRequest.contents: expected exactly one content here'
	const content = contents[0]
	if (content.role !== undefined && content.role !== 'user')
		return `* GenerateContentRequest.contents[0].role: must be "user", not ${content.role}`
	const parts = content.parts
	if (!Array.isArray(parts) || !parts.every(isObject))
		return '* GenerateContentRequest.contents[0].parts: expected image parts and one text part'
	const images = parts.filter((part) => 'inlineData' in part)
	const texts = parts.filter((part) => 'text' in part)
	if (images.length < 1 || images.length > MAX_INPUT_IMAGES || texts.length !== 1 || parts.length !== images.length + 1)
		return '* GenerateContentRequest.contents[0].parts: expected image parts and one text part'
	for (const part of parts) {
		const extra = unknownField(part, new Set(['inlineData', 'text']))
		if (extra)
			return `Invalid JSON payload received. Unknown name "${extra}" at 'contents[0].parts': Cannot find field.`
	}
	const text = texts[0].text
	if (typeof text !== 'string' || !text.trim())
		return '* GenerateContentRequest.contents[0].parts[1].text: text is empty'
	const inputs: Array<{ mimeType: string; bytes: Buffer }> = []
	for (const [i, part] of images.entries()) {
		const { mimeType, data } = isObject(part.inlineData) ? part.inlineData : {}
		const format = typeof mimeType === 'string' ? INPUT_TYPES[mimeType] : undefined
		if (typeof mimeType !== 'string' || !format) return `Unsupported MIME type: ${mimeType}`
		if (typeof data !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length % 4 !== 0)
			return `Invalid value at 'contents[0].parts[${i}].inline_data.data' (TYPE_BYTES), Base64 decoding failed`
		const bytes = Buffer.from(data, 'base64')
		const read = await sharp(bytes)
			.metadata()
			.catch(() => undefined)
		if (!read?.width || read.format !== format) return 'Provided image is not valid.'
		inputs.push({ mimeType, bytes })
	}

	const config = body.generationConfig
	if (!isObject(config))
		return '* GenerateContentRequest.generation_config.response_modalities: must include IMAGE for an image answer'
	const unknownConfig = unknownField(config, CONFIG_FIELDS)
	if (unknownConfig)
		return `Invalid JSON payload received. Unknown name "${unknownConfig}" at 'generation_config': Cannot find field.`
	const modalities = config.responseModalities
	if (
		!Array.isArray(modalities) ||
		!modalities.includes('IMAGE') ||
		modalities.some((m) => m !== 'IMAGE' && m !== 'TEXT')
	)
		return '* GenerateContentRequest.generation_config.response_modalities: must include IMAGE (TEXT and IMAGE only)'
	const imageConfig = config.imageConfig
	if (!isObject(imageConfig))
		return '* GenerateContentRequest.generation_config.image_config.aspect_ratio: required here'
	const unknownImage = unknownField(imageConfig, IMAGE_CONFIG_FIELDS)
	if (unknownImage)
		return `Invalid JSON payload received. Unknown name "${unknownImage}" at 'generation_config.image_config': Cannot find field.`
	const { aspectRatio, imageSize } = imageConfig
	if (typeof aspectRatio !== 'string' || !model.aspectRatios.includes(aspectRatio))
		return `Unsupported aspect ratio: ${aspectRatio}`
	if (imageSize !== undefined && (typeof imageSize !== 'string' || !model.imageSizes.includes(imageSize)))
		return `Unsupported image size: ${imageSize}`

	record.prompt = text
	record.image = inputs[0]
	record.references = inputs.slice(1)
	record.aspectRatio = aspectRatio
	return undefined
}

/** An answer in the type Gemini answers with here (bytes sharp cannot read are answered as they are). */
async function asOutputType(bytes: Buffer, outputType: 'image/png' | 'image/jpeg') {
	const format = await sharp(bytes)
		.metadata()
		.then((meta) => meta.format)
		.catch(() => undefined)
	if (!format || format === outputType.slice('image/'.length)) return bytes
	return outputType === 'image/png'
		? sharp(bytes).png({ compressionLevel: 1 }).toBuffer()
		: sharp(bytes).jpeg({ quality: 90 }).toBuffer()
}

/** About a megapixel at the ratio, sides multiples of 16, as Gemini's 1K sizes are. */
export function sizeFor(aspectRatio: string) {
	const [w, h] = aspectRatio.split(':').map(Number)
	const width = Math.round(Math.sqrt((1024 * 1024 * w) / h) / 16) * 16
	const height = Math.round(Math.sqrt((1024 * 1024 * h) / w) / 16) * 16
	return { width, height }
}
