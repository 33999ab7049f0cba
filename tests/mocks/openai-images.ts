import { http, HttpResponse } from 'msw'
import sharp from 'sharp'
import { readEditPrompt, scopedAnswer, type Stray } from './scoped-answer.ts'
import { type AnswerImage, stagedAnswerOnce } from './staged-answer.ts'

/**
 * A model of OpenAI's image edit endpoint (core/render/providers/openai.ts cites it) for msw: it
 * checks each request strictly (Bearer key, the multipart fields and their allowed values, an image
 * part that is a real PNG, JPEG or WebP) and answers `n` real JPEGs of the requested size in
 * `data[].b64_json` with a `usage` block. Switches make it rate limit, fail, hang or misanswer.
 * Each image is the uploaded photo, staged (stagedAnswer: furniture added, the photo reframed to
 * cover the size; `n` variations that differ), or, when a test sets `answer` (option or
 * `state.answer`), the crafted image it makes of the photo. An edit with a `mask` (an item removal or
 * a renovation, worded by core/render/providers/edit-prompt.ts) is checked as the API documents it (a
 * PNG with an alpha channel, the image's own size, under 4 MB) and answered by editing only the mask's
 * transparent area (scoped-answer.ts); `state.strays` makes it change something outside it too.
 */
export const OPENAI_TEST_KEY = 'sk-test-openai'
export const OPENAI_TEST_BASE = 'https://openai.test/v1'
const SIZES = ['1024x1024', '1536x1024', '1024x1536', 'auto']
// One image goes as `image`; several (GPT image models take up to 16) as `image[]` parts, the first edited.
const MAX_IMAGES = 16
const FIELDS = [
	'image',
	'image[]',
	'prompt',
	'model',
	'n',
	'size',
	'quality',
	'input_fidelity',
	'output_format',
	'output_compression',
	'background',
	'mask',
]
/** "Must be a valid PNG file, less than 4MB" (core/render/providers/openai.ts cites it). */
const MASK_LIMIT = 4 * 1024 * 1024

/**
 * The process's settings for OpenAI as the staging provider, pointed at this model: call it in
 * `vi.hoisted`, before anything reads the configuration.
 */
export function useOpenAiImagesSettings(more: Record<string, string> = {}) {
	Object.assign(process.env, {
		RENDER_PROVIDER: 'openai',
		OPENAI_API_KEY: OPENAI_TEST_KEY,
		OPENAI_BASE_URL: OPENAI_TEST_BASE,
		RENDER_RETRY_BASE_MS: '1',
		...more,
	})
}

export function createOpenAiImagesModel({
	baseUrl = OPENAI_TEST_BASE,
	apiKey = OPENAI_TEST_KEY,
	answer,
}: {
	baseUrl?: string
	apiKey?: string
	answer?: AnswerImage
} = {}) {
	const calls: Array<Record<string, string>> = []
	/** Per call, the images sent after the photo (another view of the room to match). */
	const referencesOf: Buffer[][] = []
	/** Per call, the mask sent (an edit with a scope), else undefined. */
	const masksOf: Array<Buffer | undefined> = []
	const state = {
		rateLimited: 0,
		serverErrors: 0,
		hang: false,
		malformed: false,
		noImage: false,
		insufficientQuota: false,
		/** An edit with a scope also changes something outside it (scoped-answer.ts Stray), or nothing does. */
		strays: undefined as Stray | undefined,
		/** Each image of an edit, when a test crafts it (from the uploaded photo) instead of staging the photo. */
		answer: answer as AnswerImage | undefined,
	}
	const error = (
		status: number,
		message: string,
		type: string,
		code: string | null = null,
		headers: Record<string, string> = {},
	) => HttpResponse.json({ error: { message, type, param: null, code } }, { status, headers })

	const handlers = [
		http.post(`${baseUrl}/images/edits`, async ({ request }) => {
			if (request.headers.get('authorization') !== `Bearer ${apiKey}`)
				return error(401, 'Incorrect API key provided', 'invalid_request_error', 'invalid_api_key')
			const form = await request.formData()
			const fields = Object.fromEntries(
				[...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.type}`]),
			)
			// Numbered as it arrives: calls answered in another order still get one id each.
			const requestId = `req_${calls.push(fields)}`
			const unknown = Object.keys(fields).filter((k) => !FIELDS.includes(k))
			if (unknown.length)
				return error(400, `Unknown parameter: '${unknown[0]}'.`, 'invalid_request_error', 'unknown_parameter')
			const inputs = form.has('image') ? form.getAll('image') : form.getAll('image[]')
			if (
				inputs.length < 1 ||
				inputs.length > MAX_IMAGES ||
				(form.has('image') && form.has('image[]')) ||
				inputs.some(
					(image) =>
						!(image instanceof File) ||
						!['image/png', 'image/jpeg', 'image/webp'].includes(image.type) ||
						image.size > 50 * 1024 * 1024,
				)
			)
				return error(400, 'Invalid image: png, webp or jpg under 50MB required.', 'invalid_request_error')
			const [photo, ...references] = await Promise.all(
				inputs.map(async (image) => Buffer.from(await (image as File).arrayBuffer())),
			)
			referencesOf.push(references)
			const meta = await sharp(photo)
				.metadata()
				.catch(() => null)
			if (!meta) return error(400, 'Invalid image file.', 'invalid_request_error')
			const prompt = form.get('prompt')
			if (typeof prompt !== 'string' || !prompt || prompt.length > 32000)
				return error(400, 'Invalid prompt.', 'invalid_request_error')
			const n = Number(form.get('n') ?? 1)
			if (!Number.isInteger(n) || n < 1 || n > 10)
				return error(400, "Invalid 'n': must be between 1 and 10.", 'invalid_request_error')
			const size = String(form.get('size') ?? 'auto')
			if (!SIZES.includes(size)) return error(400, `Invalid size '${size}'.`, 'invalid_request_error')
			if (form.get('input_fidelity') && !['high', 'low'].includes(String(form.get('input_fidelity'))))
				return error(400, 'Invalid input_fidelity.', 'invalid_request_error')
			if (form.get('output_format') && !['png', 'jpeg', 'webp'].includes(String(form.get('output_format'))))
				return error(400, 'Invalid output_format.', 'invalid_request_error')
			let area: { width: number; height: number; data: Uint8Array } | undefined
			const mask = form.get('mask')
			const bytes = mask instanceof File ? Buffer.from(await mask.arrayBuffer()) : undefined
			masksOf.push(bytes)
			if (mask !== null) {
				const read =
					bytes &&
					(await sharp(bytes)
						.metadata()
						.catch(() => undefined))
				if (!bytes || read?.format !== 'png' || bytes.length >= MASK_LIMIT)
					return error(400, 'Invalid mask: a PNG file less than 4MB is required.', 'invalid_request_error')
				if (!read.hasAlpha)
					return error(
						400,
						'Invalid mask image format - mask image missing alpha channel',
						'image_generation_user_error',
						'invalid_mask_image_format',
					)
				if (read.width !== meta.width || read.height !== meta.height)
					return error(
						400,
						`Invalid mask: it must have the same dimensions as the image (${meta.width}x${meta.height}), not ${read.width}x${read.height}.`,
						'invalid_request_error',
					)
				// Fully transparent pixels are where the image is edited.
				const alpha = await sharp(bytes).extractChannel(3).raw().toBuffer()
				area = { width: read.width, height: read.height, data: new Uint8Array(alpha.map((a) => (a === 0 ? 1 : 0))) }
			}

			if (state.insufficientQuota)
				return error(429, 'You exceeded your current quota.', 'insufficient_quota', 'insufficient_quota')
			if (state.rateLimited > 0) {
				state.rateLimited--
				return error(429, 'Rate limit reached for images per minute.', 'requests', 'rate_limit_exceeded', {
					'retry-after-ms': '20',
				})
			}
			if (state.serverErrors > 0) {
				state.serverErrors--
				return error(500, 'The server had an error while processing your request.', 'server_error')
			}
			if (state.hang) await new Promise(() => {})
			if (state.malformed)
				return new HttpResponse('{"created": 17', { headers: { 'content-type': 'application/json' } })
			const [width, height] = (size === 'auto' ? '1024x1024' : size).split('x').map(Number)
			const craft = state.answer
			const edit = readEditPrompt(prompt)
			const images = state.noImage
				? []
				: await Promise.all(
						Array.from({ length: n }, (_, index) =>
							craft
								? craft(photo, { width, height }, { index })
								: edit
									? scopedAnswer(photo, edit, { width, height }, { area, strays: state.strays })
									: stagedAnswerOnce(photo, { width, height }, { index }),
						),
					)
			return HttpResponse.json(
				{
					created: Math.floor(Date.now() / 1000),
					data: images.map((bytes) => ({ b64_json: bytes.toString('base64') })),
					usage: {
						input_tokens: 1400,
						input_tokens_details: { image_tokens: 1300, text_tokens: 100 },
						output_tokens: 6240 * n,
						total_tokens: 1400 + 6240 * n,
					},
				},
				{ headers: { 'x-request-id': requestId } },
			)
		}),
		http.get(`${baseUrl}/models/:id`, ({ request, params }) =>
			request.headers.get('authorization') === `Bearer ${apiKey}`
				? HttpResponse.json({ id: params.id, object: 'model', created: 1, owned_by: 'system' })
				: error(401, 'Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
		),
	]
	return {
		handlers,
		calls,
		referencesOf,
		masksOf,
		state,
		reset() {
			calls.length = 0
			referencesOf.length = 0
			masksOf.length = 0
			Object.assign(state, {
				rateLimited: 0,
				serverErrors: 0,
				hang: false,
				malformed: false,
				noImage: false,
				insufficientQuota: false,
				strays: undefined,
				answer,
			})
		},
	}
}
