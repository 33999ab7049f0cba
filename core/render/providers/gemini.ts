/**
 * Google's Gemini image models ("Nano Banana") through the official @google/genai SDK, as an
 * ImmediateProvider: each call sends the photo and a staging prompt and answers one image.
 *
 * Facts relied on, each with where it was read (the sources read are dated up to November 2026):
 * - The default model is `gemini-nano-banana-2.1` (Nano Banana 2.1, stable, released 7 October 2026). It
 *   replaces Nano Banana 2 (`gemini-3.1-flash-image`), which the Gemini API shut down on 29 October 2026.
 *   https://ai.google.dev/gemini-api/docs/models/gemini-nano-banana-2.1 (as quoted by
 *   https://github.com/BerriAI/litellm/discussions/44983); the installed SDK's model list names it too
 *   (node_modules/@google/genai/dist/node/node.d.ts, type Model_2).
 * - Image editing is `POST {base}/v1beta/models/{model}:generateContent`, the key in the `x-goog-api-key`
 *   header, the photo as an `inlineData` part (base64, mimeType image/png, image/jpeg, image/webp, heic,
 *   heif) beside a text part, `generationConfig.responseModalities` containing IMAGE and
 *   `generationConfig.imageConfig.aspectRatio`. https://ai.google.dev/gemini-api/docs/image-generation ;
 *   the SDK sends exactly that body for `models.generateContent` (checked against msw, SDK 2.32.0).
 * - Aspect ratios: Nano Banana 2 and 2.1 take 14, 1:1 2:3 3:2 3:4 4:3 4:5 5:4 9:16 16:9 21:9 1:4 4:1 1:8 8:1,
 *   at 1K (default), 2K or 4K (2.1 has no 512 tier); the older models (gemini-2.5-flash-image,
 *   gemini-3-pro-image) the first ten. https://docs.cloud.google.com/vertex-ai/generative-ai/docs/models/gemini/3-1-flash-image ,
 *   https://github.com/tanstack/ai/releases/tag/%40tanstack%2Fai-gemini%400.36.0 ,
 *   https://ai.google.dev/gemini-api/docs/image-generation . Without `imageSize` the model answers 1K.
 * - Several images may go in one request, each its own part before the text ("[image of a cat] + [image
 *   of a pillow] + prompt"); Rendo sends the photo first and, for another view of a room already staged,
 *   that staged view second. https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/image-editing
 * - The answer is `candidates[0].content.parts[]`, an image being `{ inlineData: { mimeType, data } }`; a part
 *   with `thought: true` is the model's thinking (Gemini 3 image models can show interim images there), not
 *   the answer. `candidates[0].finishReason` is STOP when the model finished, else e.g. IMAGE_SAFETY, NO_IMAGE,
 *   IMAGE_OTHER; a refused prompt has no candidates and `promptFeedback.blockReason`. An answer can be text
 *   only. https://ai.google.dev/api/generate-content#v1beta.GenerateContentResponse , SDK enums FinishReason,
 *   BlockedReason.
 * - `usageMetadata` reports promptTokenCount, candidatesTokenCount (with candidatesTokensDetails by
 *   modality, IMAGE or TEXT) and thoughtsTokenCount. Every HTTP 200 is billed, an answer without an image
 *   included. https://ai.google.dev/api/generate-content#UsageMetadata
 * - Prices (paid tier, standard, USD per 1M tokens), https://ai.google.dev/gemini-api/docs/pricing :
 *   Nano Banana 2.1: input 1.50, text and thinking output 7.50, image output 30 (a 1K image is 1120 tokens,
 *   $0.0336), as transcribed in https://github.com/BerriAI/litellm/discussions/44983 ;
 *   gemini-3-pro-image: input 2.00, text output 12.00, image output 120 ($0.134 a 1K/2K image, $0.24 at 4K);
 *   gemini-2.5-flash-image: input 0.30, text output 2.50, image output 30 (1290 tokens, $0.039 an image).
 * - Errors are `{ error: { code, message, status, details } }`. 429 RESOURCE_EXHAUSTED carries a
 *   `type.googleapis.com/google.rpc.RetryInfo` detail with `retryDelay` ("46s"); 503 UNAVAILABLE is "the model
 *   is overloaded"; 400 INVALID_ARGUMENT (a bad key: "API key not valid") and 403 PERMISSION_DENIED are not
 *   worth retrying. https://ai.google.dev/gemini-api/docs/troubleshooting ,
 *   https://github.com/google-gemini/gemini-cli/issues/8437 (a real 429 body).
 * - Rate limits are per project and per model, by usage tier (RPM, TPM, RPD, and images per minute for
 *   image models), shown in AI Studio; the free tier has no image-output quota.
 *   https://ai.google.dev/gemini-api/docs/rate-limits
 * - An edit with a scope (item removal, renovation) goes in words: the API's generateContent takes parts
 *   (text, inlineData) and no mask field (https://ai.google.dev/api/generate-content#v1beta.GenerateContentRequest ),
 *   and Google sells its image models for "Local edits. Make precise edits to specific parts of an image
 *   using simple language" (https://blog.google/products/gemini/image-generation-prompting-tips ). So the
 *   prompt names each thing to remove with its place in the picture, from its box ("the armchair (at the
 *   left, about 10–30 % across and 40–80 % down)"), or each surface with what it becomes, and says nothing
 *   else changes (edit-prompt.ts). The photo marked up as a second image was considered and not sent: the
 *   documentation gives a second image as another picture to draw from ("[image of a cat] + [image of a
 *   pillow]", above), not as a mask of the first, and what it does to an answer cannot be measured without
 *   the live model; the scope check (core/staging/room-check/scope.ts) verifies each answer either way.
 * - The SDK (node_modules/@google/genai, 2.32.0): `new GoogleGenAI({ apiKey, httpOptions: { baseUrl, timeout } })`;
 *   `timeout` bounds each attempt, body included; `config.abortSignal` cancels a call; it retries nothing
 *   unless `httpOptions.retryOptions` is set (it is not: retries are ours); a non-2xx answer throws `ApiError`
 *   with `status` and the error body as JSON in `message`; a timeout or abort rejects with an AbortError, a
 *   dropped connection with a TypeError, an unparsable body with a SyntaxError.
 */
import { ApiError, GoogleGenAI, type GenerateContentResponse } from '@google/genai'
import { RENOVATED_SURFACES } from '#core/edits/edit.schema.ts'
import { logger } from '#core/platform/logger.ts'
import { editPrompt } from './edit-prompt.ts'
import { stagingPrompt } from './staging-prompt.ts'
import type { CircuitBreaker } from '../circuit-breaker.ts'
import { CallSlots, callEach, type PerCallRetries } from '../per-call.ts'
import {
	PHOTO_EDITS,
	ProviderBusyError,
	RenderError,
	type ImmediateProvider,
	type ImmediateReceipt,
	type StagedImage,
	type StagingRequest,
} from '../provider.ts'

export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com'
export const GEMINI_DEFAULT_MODEL = 'gemini-nano-banana-2.1'

/** Nano Banana 2 and 2.1. */
export const GEMINI_ASPECT_RATIOS = [
	...['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'],
	...['1:4', '4:1', '1:8', '8:1'],
] as const
/** gemini-2.5-flash-image and gemini-3-pro-image. */
const CLASSIC_ASPECT_RATIOS = GEMINI_ASPECT_RATIOS.slice(0, 10)
const WIDE_RANGE_MODELS = new Set([
	'gemini-nano-banana-2.1',
	'gemini-3.1-flash-image',
	'gemini-3.1-flash-image-preview',
])

/** The aspect ratios `model` accepts in imageConfig. */
export function supportedAspectRatios(model: string): readonly string[] {
	return WIDE_RANGE_MODELS.has(bareModel(model)) ? GEMINI_ASPECT_RATIOS : CLASSIC_ASPECT_RATIOS
}

/** The ratio from `ratios` ("w:h") closest to width:height, measured on a log scale so 2:1 and 1:2 are as far from 1:1. */
export function nearestAspectRatio(
	width: number,
	height: number,
	ratios: readonly string[] = GEMINI_ASPECT_RATIOS,
): string {
	const target = Math.log(width / height)
	let best = ratios[0]
	let bestDistance = Infinity
	for (const ratio of ratios) {
		const [w, h] = ratio.split(':').map(Number)
		const distance = Math.abs(Math.log(w / h) - target)
		if (distance < bestDistance) {
			best = ratio
			bestDistance = distance
		}
	}
	return best
}

/**
 * Gemini makes one image a call: variation `firstIndex + offset` of the request asks for its own arrangement.
 * An edit with a scope asks for that edit alone, the same each call (there is nothing to arrange).
 */
export function geminiPrompt(request: StagingRequest, offset = 0) {
	if (request.scope) return editPrompt({ ...request, scope: request.scope }, { masked: false })
	return stagingPrompt(request, { number: request.firstIndex + offset + 1, of: request.firstIndex + request.count })
}

interface Price {
	/** USD per 1M tokens. */
	input: number
	textOutput: number
	imageOutput: number
}

// https://ai.google.dev/gemini-api/docs/pricing (paid tier, standard); see the facts at the top.
const PRICES: Record<string, Price> = {
	'gemini-nano-banana-2.1': { input: 1.5, textOutput: 7.5, imageOutput: 30 },
	'gemini-3-pro-image': { input: 2, textOutput: 12, imageOutput: 120 },
	'gemini-3-pro-image-preview': { input: 2, textOutput: 12, imageOutput: 120 },
	'gemini-2.5-flash-image': { input: 0.3, textOutput: 2.5, imageOutput: 30 },
}

/**
 * What one answer cost in millionths of a dollar (USD per 1M tokens × tokens), from its usageMetadata and the
 * published prices; undefined when the answer reports no tokens or the model's price is not known here.
 * Candidate tokens not broken down by modality are priced as image tokens (they nearly all are).
 */
export function costUsdMicros(model: string, usage: GenerateContentResponse['usageMetadata']): number | undefined {
	const price = PRICES[bareModel(model)]
	if (!price || !usage || (usage.promptTokenCount === undefined && usage.candidatesTokenCount === undefined))
		return undefined
	const candidates = usage.candidatesTokenCount ?? 0
	const details = usage.candidatesTokensDetails
	const imageTokens = details
		? details.filter((d) => d.modality === 'IMAGE').reduce((sum, d) => sum + (d.tokenCount ?? 0), 0)
		: candidates
	const textTokens = Math.max(0, candidates - imageTokens) + (usage.thoughtsTokenCount ?? 0)
	return Math.round(
		(usage.promptTokenCount ?? 0) * price.input + imageTokens * price.imageOutput + textTokens * price.textOutput,
	)
}

export interface GeminiOptions {
	apiKey: string
	/** The API root, without /v1beta (default https://generativelanguage.googleapis.com). */
	baseUrl?: string
	model?: string
	/** One attempt, answer included (default two minutes). */
	timeoutMs?: number
	/** Retries of one call after the first attempt, for failures that may pass (5xx, network, timeouts) and for answers without an image. */
	retries?: number
	/** Retries of one call Gemini refused with 429, each after its RetryInfo (default 3). */
	busyRetries?: number
	/** The longest RetryInfo waited out inside a render (default a minute); longer goes back to the pipeline. */
	maxBusyWaitMs?: number
	/** The first retry waits about this long, doubling each time (default one second). */
	retryBaseMs?: number
	/** Calls in flight from this process at most (RENDER_CONCURRENCY), or the slots shared with others. */
	concurrency?: number | CallSlots
	/** Stops calling Gemini while its calls keep failing (core/render/circuit-breaker.ts). */
	circuit?: CircuitBreaker
}

export function createGeminiProvider(options: GeminiOptions): ImmediateProvider {
	const model = options.model ?? GEMINI_DEFAULT_MODEL
	const timeoutMs = options.timeoutMs ?? 120_000
	const retries = options.retries ?? 2
	const ai = new GoogleGenAI({
		apiKey: options.apiKey,
		httpOptions: { baseUrl: options.baseUrl ?? GEMINI_BASE_URL, timeout: timeoutMs },
	})
	const perCall: PerCallRetries = {
		vendor: 'Gemini',
		slots:
			options.concurrency instanceof CallSlots
				? options.concurrency
				: new CallSlots(options.concurrency ?? Infinity, options.circuit),
		retries,
		busyRetries: options.busyRetries ?? 3,
		maxBusyWaitMs: options.maxBusyWaitMs ?? 60_000,
		retryBaseMs: options.retryBaseMs ?? 1000,
	}

	/**
	 * One variation: one call (callEach retries it alone on a 429 or a failure that may pass); an answer
	 * without an image is billed and asked again here, one call after the other in the same slot.
	 */
	async function variation(
		images: Array<{ mimeType: string; data: string }>,
		prompt: string,
		aspectRatio: string,
		signal: AbortSignal,
	) {
		const costs: Array<number | undefined> = []
		for (let emptyAnswers = 0; ; emptyAnswers++) {
			let response: GenerateContentResponse
			try {
				response = await ai.models.generateContent({
					model,
					contents: [{ role: 'user', parts: [...images.map((inlineData) => ({ inlineData })), { text: prompt }] }],
					config: { responseModalities: ['IMAGE'], imageConfig: { aspectRatio }, abortSignal: signal },
				})
			} catch (error) {
				if (signal.aborted) throw signal.reason
				throw classify(error)
			}
			costs.push(costUsdMicros(model, response.usageMetadata))
			const image = answerImage(response)
			if (image) return { image: { bytes: image, providerImageId: response.responseId }, costs }
			const reason = whyNoImage(response)
			if (emptyAnswers >= retries)
				throw new RenderError(`Gemini returned no image: ${reason} (${emptyAnswers + 1} answers)`, false)
			logger.warn(
				{ provider: 'gemini', reason, attempt: emptyAnswers + 1 },
				'Gemini answered without an image; asking again',
			)
		}
	}

	return {
		kind: 'immediate',
		name: 'gemini',
		model,
		isPreview: false,
		canEmptyRoom: true,
		photoEdits: PHOTO_EDITS,
		// The prompt names each thing with its place and each surface with what it becomes (edit-prompt.ts).
		edits: { remove: true, renovate: RENOVATED_SURFACES },
		stagesViewsTogether: true,
		answersPerImage: true,
		circuit: options.circuit,

		async render(request): Promise<ImmediateReceipt> {
			request.signal?.throwIfAborted()
			const mimeType = imageMimeType(request.image)
			if (!mimeType) throw new RenderError('The photo is not a JPEG, PNG or WebP image', false)
			// The photo first; another view of the room, already staged, after it when there is one to match.
			const images = [{ mimeType, data: request.image.toString('base64') }]
			if (request.reference) {
				const referenceType = imageMimeType(request.reference)
				if (!referenceType) throw new RenderError('The other view to match is not a JPEG, PNG or WebP image', false)
				images.push({ mimeType: referenceType, data: request.reference.toString('base64') })
			}
			const aspectRatio = nearestAspectRatio(request.width, request.height, supportedAspectRatios(model))
			// One image a call, the calls side by side within the cap, each retried alone, each answer handed
			// over as it arrives and none asked for again that an earlier attempt has (core/render/per-call.ts).
			const onImage = request.onImage
			const results = await callEach(
				request.count,
				(offset, signal) => variation(images, geminiPrompt(request, offset), aspectRatio, signal),
				perCall,
				request.signal,
				{
					answered: request.answered
						? new Map(
								[...request.answered].map(([offset, a]) => [offset, { image: a.image, costs: [a.costUsdMicros] }]),
							)
						: undefined,
					onAnswer:
						onImage &&
						((offset, result) => onImage(offset, { image: result.image, costUsdMicros: total(result.costs) })),
				},
			)
			return {
				model,
				images: results.map((result): StagedImage => result.image),
				costUsdMicros: total(results.flatMap((result) => result.costs)),
			}
		},

		async status() {
			try {
				const found = await ai.models.get({
					model,
					config: { abortSignal: AbortSignal.timeout(Math.min(timeoutMs, 15_000)) },
				})
				return { reachable: true, message: `${found.displayName ?? found.name ?? model} is available` }
			} catch (error) {
				return { reachable: false, message: describe(error) }
			}
		},
	}
}

/** The sum of the calls' costs, unknown if any one's is. */
function total(costs: Array<number | undefined>) {
	return costs.every((cost) => cost !== undefined) ? costs.reduce((sum, cost) => sum + cost, 0) : undefined
}

/** The answer's image: the last inline image that is not part of the model's thinking. */
function answerImage(response: GenerateContentResponse): Buffer | undefined {
	const parts = response.candidates?.[0]?.content?.parts ?? []
	const images = parts.filter(
		(part) => !part.thought && part.inlineData?.data && part.inlineData.mimeType?.startsWith('image/'),
	)
	const data = images.at(-1)?.inlineData?.data
	return data ? Buffer.from(data, 'base64') : undefined
}

/** Why an answer has no image, in Gemini's own words where it gave some. */
function whyNoImage(response: GenerateContentResponse): string {
	const feedback = response.promptFeedback
	if (feedback?.blockReason)
		return `the prompt was blocked (${feedback.blockReason}${feedback.blockReasonMessage ? `: ${feedback.blockReasonMessage}` : ''})`
	const candidate = response.candidates?.[0]
	if (!candidate) return 'the answer had no candidates'
	const reasons: string[] = []
	if (candidate.finishReason && candidate.finishReason !== 'STOP')
		reasons.push(
			`finish reason ${candidate.finishReason}${candidate.finishMessage ? ` (${candidate.finishMessage})` : ''}`,
		)
	const text = (candidate.content?.parts ?? [])
		.filter((part) => part.text && !part.thought)
		.map((part) => part.text)
		.join(' ')
		.trim()
	if (text) reasons.push(`it said "${text.length > 300 ? `${text.slice(0, 300)}…` : text}"`)
	return reasons.join('; ') || 'the answer had no image and no text'
}

/**
 * Sorts a failed call: 429 / RESOURCE_EXHAUSTED is a ProviderBusyError (with RetryInfo's delay), what may
 * pass (5xx, 408, network, timeouts, a broken body) a retryable RenderError, any other answer a retry
 * will not change a final one.
 */
function classify(error: unknown): RenderError {
	if (error instanceof ApiError) {
		const body = errorBody(error)
		if (error.status === 429 || body?.status === 'RESOURCE_EXHAUSTED')
			return new ProviderBusyError(`Gemini is rate limiting: ${describe(error)}`, retryDelayMs(body))
		if (error.status >= 500 || error.status === 408) return new RenderError(describe(error), true, { cause: error })
		return new RenderError(`Gemini refused the request: ${describe(error)}`, false, { cause: error })
	}
	if (error instanceof TypeError || error instanceof SyntaxError || isAbort(error))
		return new RenderError(describe(error), true, { cause: error })
	return new RenderError(`Gemini call failed: ${describe(error)}`, false, { cause: error })
}

interface GeminiErrorBody {
	code?: number
	message?: string
	status?: string
	details?: Array<{ '@type'?: string; retryDelay?: string }>
}

/** The `error` object the SDK put into ApiError's message (it stringifies the answer's JSON). */
function errorBody(error: ApiError): GeminiErrorBody | undefined {
	try {
		const parsed = JSON.parse(error.message) as { error?: GeminiErrorBody }
		return parsed.error && typeof parsed.error === 'object' ? parsed.error : undefined
	} catch {
		return undefined
	}
}

/** RetryInfo's retryDelay ("46s", "0.5s") in milliseconds. */
function retryDelayMs(body: GeminiErrorBody | undefined): number | undefined {
	const info = body?.details?.find((detail) => detail['@type']?.endsWith('google.rpc.RetryInfo'))
	const match = /^(\d+(?:\.\d+)?)s$/.exec(info?.retryDelay ?? '')
	return match ? Math.round(Number(match[1]) * 1000) : undefined
}

function describe(error: unknown): string {
	if (error instanceof ApiError) {
		const body = errorBody(error)
		const message = body?.message?.trim().slice(0, 300)
		return `${error.status}${body?.status ? ` ${body.status}` : ''}${message ? `: ${message}` : ''}`
	}
	if (isAbort(error)) return 'no answer in time'
	if (!(error instanceof Error)) return String(error)
	// undici's "fetch failed" says why in its cause (ECONNRESET, ENOTFOUND ...).
	return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message
}

function isAbort(error: unknown) {
	return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')
}

/** The photo's type from its first bytes (the upload step only keeps JPEG, PNG and WebP). */
function imageMimeType(image: Buffer): string | undefined {
	if (image.length >= 3 && image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff) return 'image/jpeg'
	if (image.length >= 8 && image.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
		return 'image/png'
	if (image.length >= 12 && image.toString('latin1', 0, 4) === 'RIFF' && image.toString('latin1', 8, 12) === 'WEBP')
		return 'image/webp'
	return undefined
}

function bareModel(model: string) {
	return model.replace(/^models\//, '')
}
