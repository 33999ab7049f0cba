import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import {
	createLocalPreviewProvider,
	PREVIEW_CANNOT_EMPTY,
	renderLocalPreview,
	type PreviewOutput,
	type PreviewTask,
} from './local-preview.ts'
import { RenderError, STYLES, type StagingRequest, type Style } from './provider.ts'

let photo: Buffer
const outputs = {} as Record<Style, PreviewOutput>
const provider = createLocalPreviewProvider()

function render(changes: Partial<PreviewTask> = {}) {
	return renderLocalPreview({ image: photo, style: 'standard', variationIndex: 0, ...changes })
}

const request = (changes: Partial<StagingRequest> = {}): StagingRequest => ({
	image: photo,
	width: 1600,
	height: 1200,
	roomType: 'living',
	style: 'standard',
	removeFurniture: false,
	count: 1,
	firstIndex: 0,
	...changes,
})

beforeAll(async () => {
	photo = await makeRoomPhoto({ width: 1600, height: 1200 })
	for (const style of STYLES) outputs[style] = await render({ style })
})

/** Statistics of a downsized copy: what a viewer sees as colour cast, brightness, saturation, punch and black level. */
async function measure(jpeg: Buffer) {
	const { data } = await sharp(jpeg).resize(200).removeAlpha().raw().toBuffer({ resolveWithObject: true })
	const pixels = data.length / 3
	let [red, blue, saturation] = [0, 0, 0]
	const lumas: number[] = []
	for (let i = 0; i < data.length; i += 3) {
		const [r, g, b] = [data[i], data[i + 1], data[i + 2]]
		red += r
		blue += b
		saturation += Math.max(r, g, b) - Math.min(r, g, b)
		lumas.push(0.2126 * r + 0.7152 * g + 0.0722 * b)
	}
	const luma = lumas.reduce((a, b) => a + b) / pixels
	lumas.sort((a, b) => a - b)
	return {
		blueToRed: blue / red,
		luma,
		saturation: saturation / pixels,
		contrast: Math.sqrt(lumas.reduce((sum, l) => sum + (l - luma) ** 2, 0) / pixels),
		blackPoint: lumas[Math.floor(pixels * 0.02)],
		pixels: data,
	}
}

function meanDifference(a: Buffer, b: Buffer) {
	let sum = 0
	for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i])
	return sum / a.length
}

test.each(STYLES)(
	'%s gives a JPEG of the photo’s size, copies of 200, 400 and 800 px (none as large as the photo), labelled as a preview',
	async (style) => {
		const output = outputs[style]

		expect(output).toMatchObject({ width: 1600, height: 1200 })
		expect(provider.isPreview).toBe(true)
		expect(await sharp(output.image).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 })
		expect(output.renditions.map((r) => r.size)).toEqual([200, 400, 800])
		for (const { size, bytes } of output.renditions)
			expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: size, height: (size * 3) / 4 })
	},
)

describe('each style has its own look', () => {
	let stats: Record<Style | 'original', Awaited<ReturnType<typeof measure>>>
	beforeAll(async () => {
		const entries = await Promise.all([
			measure(photo).then((m) => ['original', m] as const),
			...STYLES.map((style) => measure(outputs[style].image).then((m) => [style, m] as const)),
		])
		stats = Object.fromEntries(entries) as typeof stats
	})

	test('every style differs visibly from the photo and from every other style', () => {
		const names = ['original', ...STYLES] as const
		for (const [i, a] of names.entries())
			for (const b of names.slice(i + 1))
				expect(meanDifference(stats[a].pixels, stats[b].pixels), `${a} vs ${b}`).toBeGreaterThan(3)
	})

	test('coastal is cool and blue, luxury warm and golden', () => {
		expect(stats.coastal.blueToRed).toBeGreaterThan(stats.original.blueToRed)
		expect(stats.luxury.blueToRed).toBeLessThan(stats.original.blueToRed)
		expect(stats.coastal.blueToRed).toBeGreaterThan(stats.luxury.blueToRed * 1.2)
	})

	test('industrial is desaturated, midcentury more saturated than the photo', () => {
		expect(stats.industrial.saturation).toBeLessThan(stats.original.saturation * 0.8)
		expect(stats.midcentury.saturation).toBeGreaterThan(stats.original.saturation)
	})

	test('scandinavian is bright and airy, industrial dark and contrasty', () => {
		expect(stats.scandinavian.luma).toBeGreaterThan(stats.original.luma + 10)
		expect(stats.industrial.luma).toBeLessThan(stats.original.luma)
		expect(stats.industrial.contrast).toBeGreaterThan(stats.scandinavian.contrast)
	})

	test('farmhouse is faded with matte blacks, luxury has deep blacks', () => {
		expect(stats.farmhouse.contrast).toBeLessThan(stats.original.contrast)
		expect(stats.farmhouse.blackPoint).toBeGreaterThan(stats.original.blackPoint + 10)
		expect(stats.luxury.blackPoint).toBeLessThan(stats.original.blackPoint)
	})
})

describe('variations', () => {
	test('the same photo, style and index give the same bytes', async () => {
		const again = await render({ style: 'luxury' })

		expect(again.image.equals(outputs.luxury.image)).toBe(true)
		expect(again.renditions).toEqual(outputs.luxury.renditions)
	})

	test('another index gives another take on the style', async () => {
		const [first, second] = await Promise.all([
			render({ style: 'luxury', variationIndex: 1 }),
			render({ style: 'luxury', variationIndex: 2 }),
		])

		expect(first.image.equals(outputs.luxury.image)).toBe(false)
		expect(second.image.equals(first.image)).toBe(false)
	})
})

describe('inputs', () => {
	test('transparent and greyscale PNGs and WebP photos are rendered too', async () => {
		const inputs = await Promise.all([
			sharp(photo).ensureAlpha(0.5).png().toBuffer(),
			sharp(photo).toColourspace('b-w').png().toBuffer(),
			sharp(photo).webp().toBuffer(),
		])
		for (const image of inputs) {
			const output = await render({ image })
			expect(await sharp(output.image).metadata()).toMatchObject({ format: 'jpeg', channels: 3, width: 1600 })
		}
	})

	test('a photo over 40 megapixels is refused, not to be retried', async () => {
		const huge = await sharp({ create: { width: 7400, height: 5600, channels: 3, background: '#888' } })
			.jpeg({ quality: 50 })
			.toBuffer()

		const error = await render({ image: huge }).catch((e: unknown) => e)

		expect(error).toBeInstanceOf(RenderError)
		expect(error).toMatchObject({ retryable: false, message: expect.stringMatching(/pixel limit/) })
	})

	test('something that is not an image is refused', async () => {
		await expect(render({ image: Buffer.from('not an image') })).rejects.toMatchObject({
			name: 'RenderError',
			retryable: false,
		})
	})

	test('an aborted render does not start', async () => {
		await expect(provider.render(request({ signal: AbortSignal.abort() }))).rejects.toMatchObject({
			name: 'AbortError',
		})
	})

	test('it says plainly that it cannot empty a room', async () => {
		expect(provider.canEmptyRoom).toBe(false)
		await expect(provider.render(request({ style: null }))).rejects.toMatchObject({
			message: PREVIEW_CANNOT_EMPTY,
			retryable: false,
		})
	})
})

test('the provider answers `count` previews, one look per index from firstIndex on', async () => {
	const { images } = await provider.render(request({ style: 'luxury', count: 2, firstIndex: 1 }))
	expect(images).toHaveLength(2)
	expect(images[0].bytes).toEqual((await render({ style: 'luxury', variationIndex: 1 })).image)
	expect(images[1].bytes).toEqual((await render({ style: 'luxury', variationIndex: 2 })).image)
	expect(images[1].renditions).toHaveLength(3)
})
