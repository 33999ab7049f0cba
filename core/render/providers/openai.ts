/**
 * OpenAI's image edits through the official `openai` SDK, as an ImmediateProvider: one call sends
 * the photo and a staging prompt and answers `count` images.
 *
 * Facts relied on (the installed SDK, node_modules/openai/resources/images.d.ts, which mirrors
 * https://platform.openai.com/docs/api-reference/images/createEdit ):
 * - `images.edit({ image, prompt, model, n, size, quality, input_fidelity, output_format })` posts
 *   multipart to `{baseURL}/images/edits`; GPT image models take png, webp or jpg up to 50 MB, a prompt
 *   up to 32000 characters, `n` from 1 to 10, `size` 1024x1024, 1536x1024 or 1024x1536 (or auto),
 *   `input_fidelity` high for gpt-image-1, gpt-image-1.5 and later, `output_format` png, jpeg or webp.
 *   The model defaults to gpt-image-1.5. GPT image models always answer base64 in `data[].b64_json`,
 *   with `usage` (input_tokens, output_tokens, input_tokens_details.image_tokens/text_tokens).
 * - `image` may be an array: GPT image models take up to 16 images, sent as multipart `image[]` parts
 *   (node_modules/openai/internal/uploads.js); Rendo sends the photo and, for another view of a room
 *   already staged, that staged view second.
 * - The SDK reads OPENAI_BASE_URL, can retry connection errors, 408, 409, 429 and 5xx `maxRetries` times,
 *   and throws RateLimitError (429, with the answer's headers), AuthenticationError
 *   (401), PermissionDeniedError (403), BadRequestError (400), APIConnectionTimeoutError, APIConnectionError.
 *   A 429 whose error code is `insufficient_quota` is the account out of credit, not a rate limit.
 * - Prices per 1M tokens, gpt-image-1-mini: text input $2.00, image input $2.50, image output $8.00
 *   (a high-quality 1536x1024 image $0.052). https://developers.openai.com/api/docs/models/gpt-image-1-mini
 *   Other models' token prices are not in the sources read, so their cost is left unreported.
 * - An edit with a scope (item removal, renovation) sends `mask`: "An additional image whose fully
 *   transparent areas (e.g. where alpha is zero) indicate where `image` should be edited. If there are
 *   multiple images provided, the mask will be applied on the first image. Must be a valid PNG file, less
 *   than 4MB, and have the same dimensions as `image`." (node_modules/openai/resources/images.d.ts
 *   ImageEditParams.mask, SDK 6.49.0; https://platform.openai.com/docs/api-reference/images/createEdit ).
 *   So the photo goes at the size of the mask: its longest side 1536 (the largest side the model answers,
 *   OPENAI_SIZES) or, where the mask would be 4 MB or more at that size, 1024; never enlarged. The guide
 *   asks the image and mask to be "of the same format and size", the mask "with a real alpha channel"
 *   (as summarised in https://www.aifreeapi.com/en/posts/openai-image-edit-api-mask ), so the photo goes as a
 *   PNG too; a mask without alpha is answered 400 `invalid_mask_image_format` ("Invalid mask image format -
 *   mask image missing alpha channel", a real answer quoted in https://help.apiyi.com/?p=2702 ).
 *   "Unlike with DALL·E 2, masking with GPT Image is entirely prompt-based. This means the model uses the
 *   mask as guidance, but may not follow its exact shape with complete precision."
 *   (https://platform.openai.com/docs/guides/image-generation , as quoted in
 *   https://community.openai.com/t/mask-is-completely-ignored-in-the-image-edit-api/1350867/2 ): the prompt
 *   says what to change and that nothing else changes, and the scope check verifies the answer
 *   (core/staging/room-check/scope.ts).
 */
import OpenAI, { toFile } from 'openai'
import { RENOVATED_SURFACES } from '#core/edits/edit.schema.ts'
import { openAiMaskPng } from '#core/edits/mask.ts'
import { sharp } from '#core/platform/sharp.ts'
import { scaled } from '#core/staging/room-check/decode.ts'
import { editPrompt } from './edit-prompt.ts'
import { stagingPrompt } from './staging-prompt.ts'
import type { CircuitBreaker } from '../circuit-breaker.ts'
import { CallSlots } from '../per-call.ts'
import { SHARP_INPUT_OPTIONS } from '../jpeg.ts'
import {
	type EditScope,
	PHOTO_EDITS,
	ProviderBusyError,
	RenderError,
	type ImmediateProvider,
	type StagingRequest,
} from '../provider.ts'
import { parseRetryAfter } from '../retrying-fetch.ts'

export const OPENAI_DEFAULT_MODEL = 'gpt-image-1.5'
export const OPENAI_SIZES = [
	{ size: '1024x1024', width: 1024, height: 1024 },
	{ size: '1536x1024', width: 1536, height: 1024 },
	{ size: '1024x1536', width: 1024, height: 1536 },
] as const

/** USD per 1M tokens, where OpenAI publishes them. */
const PRICES: Record<string, { text: number; imageIn: number; imageOut: number }> = {
	'gpt-image-1-mini': { text: 2, imageIn: 2.5, imageOut: 8 },
}

/** The longest side a scoped edit's photo and mask are sent at, largest first (see the facts at the top). */
const OPENAI_EDIT_SIDES = [1536, 1024] as const
/** The mask must be "less than 4MB". */
const OPENAI_MASK_LIMIT = 4 * 1024 * 1024

/**
 * The photo and its mask for a scoped edit, at one size: the photo as a PNG and the mask as OpenAI
 * takes it (the photo with alpha 0 where the edit goes, core/edits/mask.ts openAiMaskPng).
 */
async function maskedEdit(request: Pick<StagingRequest, 'image' | 'width' | 'height'>, scope: EditScope) {
	for (const side of OPENAI_EDIT_SIDES) {
		const size = scaled(request.width, request.height, side)
		const area = await sharp(scope.mask, SHARP_INPUT_OPTIONS)
			.resize(size.width, size.height, { fit: 'fill', kernel: 'linear' })
			.extractChannel(0)
			.raw()
			.toBuffer()
			.catch((error: Error) => {
				// The same mask would fail the same way on every attempt.
				throw new RenderError(`The edit's mask could not be read: ${error.message}`, false)
			})
		const mask = await openAiMaskPng(request.image, { ...size, data: new Uint8Array(area) }, size)
		if (mask.length >= OPENAI_MASK_LIMIT) continue
		const image = await sharp(request.image, SHARP_INPUT_OPTIONS)
			.rotate()
			.resize(size.width, size.height, { fit: 'fill' })
			.png()
			.toBuffer()
		return { image, mask, size }
	}
	throw new RenderError("The edit's mask is 4 MB or more even at 1024 px, over what OpenAI takes", false)
}

/** The size OpenAI makes whose aspect ratio is nearest the photo's (compared as logarithms, so 2:1 and 1:2 are equally far from 1:1). */
export function nearestSize(width: number, height: number) {
	const aspect = Math.log(width / height)
	return OPENAI_SIZES.reduce((best, s) =>
		Math.abs(Math.log(s.width / s.height) - aspect) < Math.abs(Math.log(best.width / best.height) - aspect) ? s : best,
	).size
}

export interface OpenAiOptions {
	apiKey: string
	baseURL?: string
	model?: string
	timeoutMs?: number
	maxRetries?: number
	/** Calls in flight from this process at most (RENDER_CONCURRENCY), or the slots shared with others. */
	concurrency?: number | CallSlots
	/** Stops calling OpenAI while its calls keep failing (core/render/circuit-breaker.ts). */
	circuit?: CircuitBreaker
}

/**
 * The SDK's own retries are off by default: the staging pipeline already retries a passing fault
 * (a later job attempt) and waits out a 429 without holding a job, and it resends only a call
 * whose answer never arrived.
 */
export function createOpenAiProvider({
	apiKey,
	baseURL,
	model = OPENAI_DEFAULT_MODEL,
	timeoutMs = 180_000,
	maxRetries = 0,
	concurrency = Infinity,
	circuit,
}: OpenAiOptions): ImmediateProvider {
	// OpenAI answers all of a render's images in one call, so a 429 or a 5xx has no sibling answers to
	// keep: the pipeline waits it out or retries it whole. The call still holds a slot of the cap, so the
	// cap counts calls at the vendor for every vendor alike (core/render/per-call.ts).
	const slots = concurrency instanceof CallSlots ? concurrency : new CallSlots(concurrency, circuit)
	// baseURL undefined lets the SDK read OPENAI_BASE_URL as it documents.
	const client = new OpenAI({ apiKey, ...(baseURL ? { baseURL } : {}), timeout: timeoutMs, maxRetries })
	return {
		kind: 'immediate',
		name: 'openai',
		model,
		isPreview: false,
		canEmptyRoom: true,
		photoEdits: PHOTO_EDITS,
		// The mask says where, the prompt what: any thing named, any surface (edit-prompt.ts).
		edits: { remove: true, renovate: RENOVATED_SURFACES },
		stagesViewsTogether: true,
		circuit,
		async render(request) {
			const type =
				request.image[0] === 0x89
					? 'png'
					: request.image.subarray(8, 12).toString('latin1') === 'WEBP'
						? 'webp'
						: 'jpeg'
			try {
				const scope = request.scope
				const masked = scope && (await maskedEdit(request, scope))
				const photo = masked
					? await toFile(masked.image, 'photo.png', { type: 'image/png' })
					: await toFile(request.image, `photo.${type === 'jpeg' ? 'jpg' : type}`, { type: `image/${type}` })
				const mask = masked ? await toFile(masked.mask, 'mask.png', { type: 'image/png' }) : undefined
				const reference = request.reference
					? await toFile(request.reference, 'other-view.jpg', { type: 'image/jpeg' })
					: undefined
				const answer = await slots.run(
					() =>
						client.images
							.edit(
								{
									model,
									// Another view of the room, already staged, goes second when there is one to match.
									image: reference ? [photo, reference] : photo,
									...(mask && { mask }),
									prompt: scope ? editPrompt({ ...request, scope }, { masked: true }) : stagingPrompt(request),
									n: request.count,
									size: nearestSize(request.width, request.height),
									quality: 'high',
									input_fidelity: 'high',
									output_format: 'jpeg',
								},
								{ signal: request.signal },
							)
							.catch((error: unknown) => {
								// Sorted inside the slot, so the circuit hears a 5xx as a failure; an abort is the caller's.
								throw request.signal?.aborted ? request.signal.reason : asRenderError(error)
							}),
					request.signal,
				)
				const images = (answer.data ?? []).flatMap((image) =>
					image.b64_json ? [{ bytes: Buffer.from(image.b64_json, 'base64') }] : [],
				)
				if (!images.length) throw new RenderError('OpenAI returned no image', true)
				return {
					images,
					model,
					providerRenderId: answer._request_id ?? undefined,
					costUsdMicros: costOf(model, answer.usage),
				}
			} catch (error) {
				throw asRenderError(error)
			}
		},
		async status() {
			try {
				await client.models.retrieve(model)
				return { reachable: true }
			} catch (error) {
				return { reachable: false, message: error instanceof Error ? error.message : String(error) }
			}
		},
	}
}

function costOf(model: string, usage: OpenAI.ImagesResponse['usage']) {
	const price = PRICES[model]
	if (!price || !usage) return undefined
	const imageIn = usage.input_tokens_details?.image_tokens ?? 0
	const textIn = usage.input_tokens_details?.text_tokens ?? usage.input_tokens - imageIn
	return Math.round(textIn * price.text + imageIn * price.imageIn + usage.output_tokens * price.imageOut)
}

function asRenderError(error: unknown): RenderError {
	if (error instanceof RenderError) return error
	if (error instanceof OpenAI.RateLimitError) {
		if (error.code === 'insufficient_quota')
			return new RenderError(`OpenAI refused: the account has no credit left (${error.message})`, false)
		// retry-after-ms where OpenAI sends it, else Retry-After in seconds or as an HTTP date.
		const ms =
			Number(error.headers?.get('retry-after-ms')) || parseRetryAfter(error.headers?.get('retry-after') ?? null)
		return new ProviderBusyError(`OpenAI is rate limiting: ${error.message}`, ms)
	}
	if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError)
		return new RenderError(`OpenAI refused the API key: ${error.message}`, false)
	if (error instanceof OpenAI.APIConnectionError)
		return new RenderError(`OpenAI could not be reached: ${error.message}`, true)
	if (error instanceof OpenAI.APIError && (error.status ?? 0) >= 500)
		return new RenderError(`OpenAI failed: ${error.message}`, true)
	if (error instanceof OpenAI.APIError) return new RenderError(`OpenAI refused the request: ${error.message}`, false)
	return new RenderError(`OpenAI call failed: ${error instanceof Error ? error.message : String(error)}`, true)
}
