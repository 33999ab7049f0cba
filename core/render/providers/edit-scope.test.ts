import OpenAI, { toFile } from 'openai'
import { setupServer } from 'msw/node'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { loadOpenCv } from '#core/staging/room-check/opencv.ts'
import { checkScope } from '#core/staging/room-check/scope.ts'
import { labelsOf } from '#core/staging/room-check/segmenter.ts'
import { type EditCase, removalCase, renovationCase } from '#tests/fixtures/edit-scopes.ts'
import { createGeminiApi, GEMINI_API_KEY, GEMINI_BASE_URL } from '#tests/mocks/gemini-api.ts'
import { createOpenAiImagesModel, OPENAI_TEST_BASE, OPENAI_TEST_KEY } from '#tests/mocks/openai-images.ts'
import type { Stray } from '#tests/mocks/scoped-answer.ts'
import { unknownRequestsFail } from '#tests/mocks/unknown-requests.ts'
import { failure } from '#tests/provider-contract.ts'
import { type ImmediateProvider, RenderError } from '../provider.ts'
import { colourName, editPrompt, placeOf } from './edit-prompt.ts'
import { createGeminiProvider } from './gemini.ts'
import { createOpenAiProvider } from './openai.ts'
import { createVirtualStagingAiProvider, VSAI_NO_SCOPED_EDITS } from './virtual-staging-ai.ts'

// Item removal and renovation through each vendor's adapter, against the msw models of OpenAI and
// Gemini (which honour the scope as their APIs document it, or stray outside it when told), on real
// photos: pair 36's lamp and plant removed, pair 69's walls painted. The answers go through the scope
// check as the pipeline's would.
const openAiModel = createOpenAiImagesModel()
const geminiModel = createGeminiApi()
const server = setupServer(...openAiModel.handlers, ...geminiModel.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: unknownRequestsFail }))
afterEach(() => {
	openAiModel.reset()
	geminiModel.reset()
})
afterAll(() => server.close())

const openai = () => createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseURL: OPENAI_TEST_BASE })
const gemini = () => createGeminiProvider({ apiKey: GEMINI_API_KEY, baseUrl: GEMINI_BASE_URL, retryBaseMs: 1 })
const BLUE = '#7a9cb8'

let removal: EditCase
let walls: EditCase
beforeAll(async () => {
	const { cv } = await loadOpenCv()
	removal = await removalCase(cv, '36-before.jpg', ['lamp', 'plant'])
	walls = await renovationCase('69-before.jpg', { walls: BLUE })
}, 60_000)

/** The vendor's answer checked against the scope asked, both images segmented as production segments them. */
async function scopeOf(edit: EditCase, answer: Buffer) {
	const answerLabels = await labelsOf(answer)
	if (!answerLabels) throw new Error('the answer could not be segmented')
	return checkScope(edit.photo, answer, edit.check, { photo: edit.labels, answer: answerLabels })
}

/**
 * A vendor's honest answer to `edit` passes the scope check with the sentence the edit asks; told to stray
 * (the floor regraded; one more thing taken, or the largest thing painted too), it is caught and said.
 */
async function judged(edit: EditCase, provider: ImmediateProvider, stray: (strays: Stray | undefined) => void) {
	const answer = async () => (await provider.render(edit.request)).images[0].bytes
	stray(undefined)
	expect(await scopeOf(edit, await answer())).toEqual({
		verdict: 'ok',
		sentences: [
			edit.check.kind === 'remove'
				? 'Removed: a plant and a lamp; nothing else changed'
				: 'Renovated: walls; nothing else changed',
		],
	})
	stray('floor')
	const floor = await scopeOf(edit, await answer())
	expect(floor.verdict).toBe('out-of-scope')
	expect(floor.sentences).toContain('The floor changed outside the area asked')
	stray('more')
	const more = await scopeOf(edit, await answer())
	expect(more.verdict).toBe('out-of-scope')
	// Whether the thing taken reads as room now or as a changed thing, it is named.
	expect(more.sentences[0]).toMatch(
		edit.check.kind === 'remove'
			? /^(Also removed, though not asked: an? \w+|The \w+ changed outside the area asked)$/
			: /^The \w+ changed outside the area asked$/,
	)
}

describe('the prompt', () => {
	test('names each thing with its place, and each surface with what it becomes, a colour by its code and name', () => {
		expect(placeOf({ x: 0.12, y: 0.41, width: 0.16, height: 0.38 })).toBe(
			'at the left, about 10–30 % across and 40–80 % down',
		)
		expect(colourName('#d8d2c4')).toBe('greige')
		expect(colourName('oak')).toBeUndefined()
		const prompt = editPrompt(
			{
				roomType: 'living',
				scope: {
					kind: 'renovate',
					items: [],
					surfaces: [
						{ name: 'walls', becomes: '#D8D2C4' },
						{ name: 'floor', becomes: 'oak' },
					],
				},
			},
			{ masked: false },
		)
		expect(prompt).toContain('Paint the walls #d8d2c4 (greige)')
		expect(prompt).toContain('Refinish the floor in oak')
		expect(prompt).toContain('Keep everything else exactly as it is')
		expect(prompt).not.toContain('mask')
	})
})

describe('OpenAI: images.edit with the mask', () => {
	test('a removal sends the photo and a same-size PNG mask, transparent where the edit goes, with the prompt naming the things', async () => {
		const { images } = await openai().render(removal.request)
		expect(openAiModel.calls).toHaveLength(1)
		const call = openAiModel.calls[0]
		expect(call).toMatchObject({ image: 'file:image/png', mask: 'file:image/png', n: '1', size: '1536x1024' })
		const prompt = call.prompt.replaceAll('\r\n', '\n')
		expect(prompt).toBe(editPrompt({ ...removal.request, scope: removal.request.scope! }, { masked: true }))
		expect(prompt).toMatch(/^Remove the plant \(at the (left|right|middle), about \d+–\d+ % across/m)
		expect(prompt).toContain('transparent area of the mask')
		expect(await sharp(images[0].bytes).metadata()).toMatchObject({ width: 1536, height: 1024 })
		// The mask is the photo's own pixels with alpha 0 over the selection, as much of the picture as the scope's.
		const mask = await sharp(openAiModel.masksOf[0]).extractChannel(3).raw().toBuffer({ resolveWithObject: true })
		expect(mask.info).toMatchObject({ width: 683, height: 475 })
		const asked = await sharp(removal.request.scope!.mask).extractChannel(0).raw().toBuffer()
		const share = (pixels: Buffer, edit: (v: number) => boolean) => pixels.filter(edit).length / pixels.length
		expect(share(mask.data, (a) => a === 0)).toBeCloseTo(
			share(asked, (v) => v >= 128),
			2,
		)
		expect(share(mask.data, (a) => a === 0)).toBeGreaterThan(0.01)
	})

	test('the honest answers pass the scope check; the stray ones are caught', async () => {
		for (const edit of [removal, walls]) await judged(edit, openai(), (strays) => (openAiModel.state.strays = strays))
	}, 120_000)

	test('a 12 MP photo too busy for a 4 MB mask at 1536 px goes at 1024, its mask under 4 MB', async () => {
		const [width, height] = [4000, 3000]
		const noisy = await sharp({
			create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
		})
			.jpeg({ quality: 90 })
			.toBuffer()
		const mask = await sharp({ create: { width, height, channels: 3, background: '#000' } })
			.composite([
				{ input: { create: { width: 800, height: 600, channels: 3, background: '#fff' } }, left: 1600, top: 1200 },
			])
			.extractChannel(0)
			.png()
			.toBuffer()
		await openai().render({
			...removal.request,
			image: noisy,
			width,
			height,
			scope: { ...removal.request.scope!, mask },
		})
		const sent = openAiModel.masksOf[0]!
		expect(sent.length).toBeLessThan(4 * 1024 * 1024)
		expect(await sharp(sent).metadata()).toMatchObject({ width: 1024, height: 768, hasAlpha: true })
	}, 60_000)

	test('the model answers a mask of another size, or one without alpha, 400 as the API does', async () => {
		const client = new OpenAI({ apiKey: OPENAI_TEST_KEY, baseURL: OPENAI_TEST_BASE, maxRetries: 0 })
		const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
			.png()
			.toBuffer()
		const edit = async (mask: Buffer) =>
			client.images
				.edit({
					model: 'gpt-image-1.5',
					image: await toFile(photo, 'photo.png', { type: 'image/png' }),
					mask: await toFile(mask, 'mask.png', { type: 'image/png' }),
					prompt: 'Remove the lamp',
				})
				.then(
					() => expect.unreachable('it should be refused'),
					(error: InstanceType<typeof OpenAI.APIError>) => error,
				)
		const otherSize = await sharp({ create: { width: 32, height: 24, channels: 4, background: '#0000' } })
			.png()
			.toBuffer()
		expect(await edit(otherSize)).toMatchObject({ status: 400, message: expect.stringMatching(/same dimensions/) })
		const noAlpha = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#000' } })
			.png()
			.toBuffer()
		expect(await edit(noAlpha)).toMatchObject({ status: 400, code: 'invalid_mask_image_format' })
	})
})

describe('Gemini: the things and surfaces in words', () => {
	test('one image part and a prompt naming each thing and its place; no mask is sent', async () => {
		await gemini().render(removal.request)
		const [call] = geminiModel.generateCalls()
		expect(call.references).toEqual([])
		expect(call.prompt).toBe(editPrompt({ ...removal.request, scope: removal.request.scope! }, { masked: false }))
		expect(call.prompt).toMatch(/the lamp \(at the (left|right|middle), about \d+–\d+ % across and \d+–\d+ % down\)/)
		expect(call.prompt).toMatch(/the plant \(at the (left|right|middle), about/)
		expect(call.prompt).not.toContain('mask')
	})

	test('the honest answers pass the scope check; the stray ones are caught', async () => {
		for (const edit of [removal, walls]) await judged(edit, gemini(), (strays) => geminiModel.straying(strays ?? false))
	}, 120_000)
})

test('walls and an oak floor at once: OpenAI splits its one mask by what each pixel shows, Gemini finds both; each passes', async () => {
	const both = await renovationCase('69-before.jpg', { walls: BLUE, floor: 'oak' })
	for (const provider of [openai(), gemini()]) {
		const result = await scopeOf(both, (await provider.render(both.request)).images[0].bytes)
		expect(result).toEqual({ verdict: 'ok', sentences: [expect.stringMatching(/^Renovated: walls and floor/)] })
	}
	expect(openAiModel.calls[0].prompt).toContain('Refinish the floor in oak')
}, 60_000)

test('Virtual Staging AI refuses a removal or a renovation before anything is sent, for good, as its capabilities say', async () => {
	const fetch = vi.fn<typeof globalThis.fetch>()
	const vsai = createVirtualStagingAiProvider({ apiKey: 'k', fetch })
	const refused = await failure(vsai.submit(removal.request))
	expect(refused).toBeInstanceOf(RenderError)
	expect(refused).toMatchObject({ retryable: false, message: VSAI_NO_SCOPED_EDITS })
	expect((await failure(vsai.addVariations('render-1', walls.request))).message).toBe(VSAI_NO_SCOPED_EDITS)
	expect(fetch).not.toHaveBeenCalled()
	// The same line every door greys the edits out with beforehand.
	expect(vsai.edits).toEqual({ remove: false, renovate: [], refusal: VSAI_NO_SCOPED_EDITS })
})
