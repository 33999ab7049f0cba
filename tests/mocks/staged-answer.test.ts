import { setupServer } from 'msw/node'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { createGeminiApi, GEMINI_API_KEY, GEMINI_BASE_URL, sizeFor } from './gemini-api.ts'
import { createOpenAiImagesModel, OPENAI_TEST_BASE, OPENAI_TEST_KEY } from './openai-images.ts'
import { type AnswerImage, FURNITURE_AREA, stagedAnswer } from './staged-answer.ts'
import { createVirtualStagingAiModel, VSAI_TEST_BASE_URL, VSAI_TEST_KEY } from './virtual-staging-ai-model.ts'

let photo: Buffer
beforeAll(async () => {
	photo = await makeRoomPhoto({ width: 800, height: 600 })
})

/** Grey pixels of an image at a size, to compare two images pixel by pixel. */
const grey = async (image: Buffer, width: number, height: number) =>
	(await sharp(image).resize(width, height, { fit: 'fill' }).greyscale().raw().toBuffer()) as Buffer

/** The mean absolute difference of two grey images over a box given as fractions of their size. */
function meanDifference(a: Buffer, b: Buffer, width: number, height: number, box: Record<string, number>) {
	let sum = 0
	let count = 0
	for (let y = Math.round(box.top * height); y < Math.round(box.bottom * height); y++)
		for (let x = Math.round(box.left * width); x < Math.round(box.right * width); x++) {
			sum += Math.abs(a[y * width + x] - b[y * width + x])
			count++
		}
	return sum / count
}

test("the answer keeps the photo's size, or covers the output size when one is given", async () => {
	expect(await sharp(await stagedAnswer(photo)).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 })
	expect(await sharp(await stagedAnswer(photo, { width: 800, height: 600 })).metadata()).toMatchObject({
		width: 800,
		height: 600,
	})
	expect(await sharp(await stagedAnswer(photo, { width: 1536, height: 1024 })).metadata()).toMatchObject({
		format: 'jpeg',
		width: 1536,
		height: 1024,
	})
})

test('the answer is the photo, changed only by furniture in the lower middle', async () => {
	const [before, after] = await Promise.all([grey(photo, 800, 600), grey(await stagedAnswer(photo), 800, 600)])
	const top = { left: 0, top: 0, right: 1, bottom: 1 / 3 }
	expect(meanDifference(before, after, 800, 600, top)).toBeLessThan(1.5)
	// Above the furniture and at the sides of it, the room is untouched.
	const aboveFurniture = { left: 0, top: 0, right: 1, bottom: FURNITURE_AREA.top - 0.02 }
	expect(meanDifference(before, after, 800, 600, aboveFurniture)).toBeLessThan(1.5)
	const leftOfIt = { left: 0, top: FURNITURE_AREA.top, right: FURNITURE_AREA.left - 0.02, bottom: 1 }
	expect(meanDifference(before, after, 800, 600, leftOfIt)).toBeLessThan(1.5)
	// Where the furniture stands, the picture changed a lot, and it is not one flat colour.
	const sofa = { left: 0.3, top: 0.6, right: 0.68, bottom: 0.82 }
	expect(meanDifference(before, after, 800, 600, sofa)).toBeGreaterThan(15)
	const stats = await sharp(await stagedAnswer(photo))
		.extract({ left: 240, top: 360, width: 300, height: 120 })
		.stats()
	expect(stats.channels[0].stdev).toBeGreaterThan(4)
})

test('resized to another output, the answer is the photo reframed to cover it', async () => {
	// 800×600 to 1536×1024 crops the top and bottom (a 4:3 photo covering 3:2): 1536×1152, 64 rows off each.
	const answer = await stagedAnswer(photo, { width: 1536, height: 1024 })
	const expected = await sharp(photo).resize(1536, 1024, { fit: 'cover', position: 'centre' }).jpeg().toBuffer()
	const [a, b] = await Promise.all([grey(answer, 384, 256), grey(expected, 384, 256)])
	expect(meanDifference(a, b, 384, 256, { left: 0, top: 0, right: 1, bottom: 1 / 3 })).toBeLessThan(1.5)
	expect(meanDifference(a, b, 384, 256, { left: 0.3, top: 0.62, right: 0.68, bottom: 0.82 })).toBeGreaterThan(15)
})

test('the answer is deterministic, and variations of one photo differ', async () => {
	const first = await stagedAnswer(photo, { width: 1024, height: 1024 })
	expect((await stagedAnswer(photo, { width: 1024, height: 1024 })).equals(first)).toBe(true)
	expect((await stagedAnswer(photo, { width: 1024, height: 1024 }, { index: 0 })).equals(first)).toBe(true)
	const second = await stagedAnswer(photo, { width: 1024, height: 1024 }, { index: 1 })
	expect(second.equals(first)).toBe(false)
	expect((await stagedAnswer(photo, { width: 1024, height: 1024 }, { index: 1 })).equals(second)).toBe(true)
})

test('the photo is auto-oriented first: an EXIF-rotated photo is answered upright', async () => {
	// The same pixels stored on their side, with orientation 6 (rotate 90° clockwise to show).
	const sideways = await sharp(photo).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer()
	expect(await sharp(await stagedAnswer(sideways)).metadata()).toMatchObject({ width: 800, height: 600 })
	const [before, after] = await Promise.all([grey(photo, 800, 600), grey(await stagedAnswer(sideways), 800, 600)])
	expect(meanDifference(before, after, 800, 600, { left: 0, top: 0, right: 1, bottom: 1 / 3 })).toBeLessThan(2)
})

describe('the vendor models answer the photo they were sent, staged', () => {
	const server = setupServer()
	beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
	afterAll(() => server.close())
	/** The top third of an answer against the photo reframed to the answer's size (mean grey difference). */
	async function topThirdDifference(answer: Buffer) {
		const { width, height } = await sharp(answer).metadata()
		const reframed = await sharp(photo).resize(width, height, { fit: 'cover' }).jpeg().toBuffer()
		const [a, b] = await Promise.all([grey(answer, 384, 256), grey(reframed, 384, 256)])
		return meanDifference(a, b, 384, 256, { left: 0, top: 0, right: 1, bottom: 1 / 3 })
	}
	const zoomed: AnswerImage = async (bytes, output) =>
		sharp(bytes)
			.resize(output.width * 2, output.height * 2, { fit: 'cover' })
			.resize(output.width, output.height)
			.png()
			.toBuffer()

	test('Virtual Staging AI: each result is the render photo staged at the output size, the same bytes each download', async () => {
		const model = createVirtualStagingAiModel({ fetchPhoto: async () => new Response('gone', { status: 404 }) })
		const create = async (imageUrl: string) => {
			const response = await model.handle(
				new Request(`${VSAI_TEST_BASE_URL}/renders`, {
					method: 'POST',
					headers: { authorization: `Api-Key ${VSAI_TEST_KEY}`, 'content-type': 'application/json' },
					body: JSON.stringify({
						config: { type: 'staging', add_furniture: { room_type: 'living', style: 'modern' } },
						image_url: imageUrl,
						variation_count: 2,
						wait_for_completion: false,
					}),
				}),
			)
			expect(response.status).toBe(201)
			const render = (await response.json()) as { variations: { items: { result: { url: string } }[] } }
			return render.variations.items.map((v) => v.result.url)
		}
		const download = async (url: string) => Buffer.from(await (await model.handle(new Request(url))).arrayBuffer())

		const [first, second] = await create(`data:image/jpeg;base64,${photo.toString('base64')}`)
		const bytes = await download(first)
		expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1536, height: 1024 })
		expect(await topThirdDifference(bytes)).toBeLessThan(2)
		expect((await download(first)).equals(bytes)).toBe(true)
		expect((await download(second)).equals(bytes)).toBe(false)

		model.state.answer = zoomed
		const [crafted] = await create(`data:image/jpeg;base64,${photo.toString('base64')}`)
		expect(await sharp(await download(crafted)).metadata()).toMatchObject({ format: 'png', width: 1536, height: 1024 })
		// A photo link the vendor cannot open: a synthetic room, staged.
		model.reset()
		const [unread] = await create('https://rendo.example/staging-photos/gone')
		expect(await sharp(await download(unread)).metadata()).toMatchObject({ width: 1536, height: 1024 })
		expect(model.state.photoUnread).toBe(1)
		expect(model.state.answer).toBeUndefined()
	})

	test('OpenAI: the n images of an edit are the uploaded photo staged at the size asked for', async () => {
		const model = createOpenAiImagesModel()
		server.use(...model.handlers)
		const edit = async () => {
			const form = new FormData()
			form.set('image', new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }))
			form.set('prompt', 'Stage this room')
			form.set('n', '2')
			form.set('size', '1024x1536')
			const response = await fetch(`${OPENAI_TEST_BASE}/images/edits`, {
				method: 'POST',
				headers: { authorization: `Bearer ${OPENAI_TEST_KEY}` },
				body: form,
			})
			const { data } = (await response.json()) as { data: { b64_json: string }[] }
			return data.map((d) => Buffer.from(d.b64_json, 'base64'))
		}
		const [a, b] = await edit()
		expect(await sharp(a).metadata()).toMatchObject({ format: 'jpeg', width: 1024, height: 1536 })
		expect(await topThirdDifference(a)).toBeLessThan(2)
		expect(a.equals(b)).toBe(false)
		expect((await edit())[0].equals(a)).toBe(true)
		model.state.answer = zoomed
		expect(await sharp((await edit())[0]).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1536 })
		model.reset()
		expect((await edit())[0].equals(a)).toBe(true)
	})

	test("Gemini: the image answered is the request's photo staged at the ratio's size, in the answer type", async () => {
		const model = createGeminiApi()
		server.use(...model.handlers)
		const generate = async (prompt: string) => {
			const response = await fetch(`${GEMINI_BASE_URL}/v1beta/models/gemini-2.5-flash-image:generateContent`, {
				method: 'POST',
				headers: { 'x-goog-api-key': GEMINI_API_KEY, 'content-type': 'application/json' },
				body: JSON.stringify({
					contents: [
						{
							role: 'user',
							parts: [{ inlineData: { mimeType: 'image/jpeg', data: photo.toString('base64') } }, { text: prompt }],
						},
					],
					generationConfig: { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '4:3' } },
				}),
			})
			const answer = (await response.json()) as {
				candidates: { content: { parts: { inlineData: { data: string } }[] } }[]
			}
			return Buffer.from(answer.candidates[0].content.parts[0].inlineData.data, 'base64')
		}
		const first = await generate('Stage it.\nVariation 1 of 2: choose a different arrangement.')
		expect(await sharp(first).metadata()).toMatchObject({ format: 'png', ...sizeFor('4:3') })
		expect(await topThirdDifference(first)).toBeLessThan(2)
		const second = await generate('Stage it.\nVariation 2 of 2: choose a different arrangement.')
		expect(second.equals(first)).toBe(false)
		expect((await generate('Stage it.\nVariation 1 of 2: choose a different arrangement.')).equals(first)).toBe(true)
		model.answerWith(zoomed)
		const crafted = await generate('Stage it.')
		expect(await sharp(crafted).metadata()).toMatchObject({ format: 'png', ...sizeFor('4:3') })
		expect(crafted.equals(first)).toBe(false)
		model.reset()
		expect((await generate('Stage it.\nVariation 1 of 2: choose a different arrangement.')).equals(first)).toBe(true)
	})
})
