import { describe, expect, test } from 'vitest'
import { sharp } from '#core/platform/sharp.ts'
import { findQr, readQr } from '#tests/disclosure.ts'
import { changedBox } from '#tests/image-diff.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { disclosureLabelOf } from './alteration.ts'
import { qrModulePx } from './label-layer.ts'
import { markImage } from '#core/studio/watermark.ts'

const photo = (width: number, height: number) =>
	sharp({ create: { width, height, channels: 3, background: '#d8cfc0' } })
		.jpeg({ quality: 95 })
		.toBuffer()

describe('the "Virtually staged" label', () => {
	test('sits in the bottom-left corner and scales with the image', async () => {
		const boxes = []
		for (const [width, height] of [
			[800, 600],
			[3200, 2400],
		]) {
			const image = await photo(width, height)
			const box = (await changedBox(
				image,
				await markImage(image, { logo: null, disclosure: { text: 'Virtually staged', original: null } }),
			))!
			expect(box.left).toBeLessThan(width * 0.05)
			expect(box.bottom).toBeGreaterThan(height * 0.9)
			expect(box.right).toBeLessThan(width / 2)
			boxes.push(box)
		}
		const [small, large] = boxes
		// Four times the pixels across: four times the label, to within a few pixels of rounding.
		for (const ratio of [large.width / small.width, large.height / small.height]) {
			expect(ratio).toBeGreaterThan(3.8)
			expect(ratio).toBeLessThan(4.2)
		}
		// Legible on a listing photo: letters about 3% of the shorter side, not a fixed pixel size.
		expect(small.height).toBeGreaterThan(30)
	})

	test('has white letters on a dark pill', async () => {
		const image = await photo(1200, 800)
		const marked = await markImage(image, { logo: null, disclosure: { text: 'Virtually staged', original: null } })
		const box = (await changedBox(image, marked))!
		const { data, info } = await sharp(marked)
			.extract({ left: box.left, top: box.top, width: box.width, height: box.height })
			.raw()
			.toBuffer({ resolveWithObject: true })
		let light = 0
		let dark = 0
		for (let i = 0; i < data.length; i += info.channels) {
			const level = (data[i] + data[i + 1] + data[i + 2]) / 3
			if (level > 220) light++
			if (level < 110) dark++
		}
		expect(light).toBeGreaterThan(500)
		expect(dark).toBeGreaterThan(light)
	})

	test('says what was done: a twilight edit reads differently from staging, and is as wide as its words', async () => {
		const image = await photo(1200, 800)
		const widths = []
		for (const style of ['modern', 'enhance', 'twilight']) {
			const box = (await changedBox(
				image,
				await markImage(image, { logo: null, disclosure: { text: disclosureLabelOf(style), original: null } }),
			))!
			widths.push(box.width)
		}
		expect([disclosureLabelOf('modern'), disclosureLabelOf('enhance'), disclosureLabelOf('twilight')]).toEqual([
			'Virtually staged',
			'Digitally enhanced',
			'Twilight edit',
		])
		// "Digitally enhanced" is the longest of the three, "Twilight edit" the shortest.
		expect(widths[1]).toBeGreaterThan(widths[0])
		expect(widths[2]).toBeLessThan(widths[0])
	})

	test('is left out when the agency turns it off', async () => {
		const logo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } })
			.png()
			.toBuffer()
		const image = await photo(640, 480)
		const box = (await changedBox(image, await markImage(image, { logo, disclosure: null })))!
		// Only the logo, bottom-right.
		expect(box.left).toBeGreaterThan(320)
	})

	describe("an altered image's label leads to its original", () => {
		const url = 'https://rendo.example/o/AbCdEfGhIjKlMnOpQrStUv#v-0b7c1a2e-1234-4567-89ab-0123456789ab'
		const label = { text: 'Virtually staged', original: { address: 'rendo.example/o/AbCdEfGhIjKlMnOpQrStUv', url } }

		test('by a QR code a phone reads at 1080 px wide, kept out of the logo corner', async () => {
			// 3:2 and 4:3 listing photos, a 16:9 phone photo, a 4:5 portrait, and a 12-megapixel original.
			for (const [width, height] of [
				[1080, 720],
				[1080, 810],
				[1080, 608],
				[1080, 1350],
				[4000, 3000],
			]) {
				const image = await photo(width, height)
				const marked = await markImage(image, { logo: null, disclosure: label })
				const box = (await changedBox(image, marked))!
				expect(box.left).toBeLessThan(width * 0.05)
				expect(box.bottom).toBeGreaterThan(height * 0.9)
				// The logo's corner (a fifth of the width and its margin) stays clear.
				expect(box.right).toBeLessThan(width * 0.8 - Math.min(width, height) * 0.03)

				const code = (await findQr(marked, 1080))!
				expect(code.data).toBe(url)
				const modules = 17 + 4 * code.version
				const modulePx = (code.location.topRightCorner.x - code.location.topLeftCorner.x) / modules
				// 2 px at 1080 px wide, 10 px at 4000 (2.7 px as shown): jsQR reads from 2.4 px.
				expect(modulePx).toBeGreaterThanOrEqual(width > 1080 ? 2.5 : 1.9)
			}
		})

		/**
		 * The code read at the image's own size. Above 1080 px wide, only in the part where a phone's
		 * 1080 px view finds it, cut out losslessly: jsQR over a whole 4000 px room photo took 17 s
		 * here, chasing the photo's texture for patterns.
		 */
		async function findQrAtItsSize(image: Buffer, width: number, height: number) {
			if (width <= 1080) return findQr(image)
			const seen = await findQr(image, 1080)
			if (!seen) return null
			const corners = Object.values(seen.location).map(({ x, y }) => ({ x: (x * width) / 1080, y: (y * width) / 1080 }))
			const [xs, ys] = [corners.map((p) => p.x), corners.map((p) => p.y)]
			// Padded by half the code's side on each hand, its quiet zone included.
			const pad = (Math.max(...xs) - Math.min(...xs)) / 2
			const left = Math.max(0, Math.floor(Math.min(...xs) - pad))
			const top = Math.max(0, Math.floor(Math.min(...ys) - pad))
			const right = Math.min(width, Math.ceil(Math.max(...xs) + pad))
			const bottom = Math.min(height, Math.ceil(Math.max(...ys) + pad))
			const part = { left, top, width: right - left, height: bottom - top }
			return findQr(await sharp(image).extract(part).png().toBuffer())
		}

		test('no larger than jsQR needs: read on the delivered JPEG at 800, 990 and 4000 px wide, under a tenth of 990', async () => {
			expect([800, 990, 1080, 1081, 1600, 4000].map(qrModulePx)).toEqual([2, 2, 2, 3, 4, 10])
			for (const [width, height] of [
				[800, 533],
				[990, 1320],
				[990, 660],
				[4000, 2667],
			]) {
				const image = await makeRoomPhoto({ width, height, seed: 5 })
				const marked = await markImage(image, { logo: null, disclosure: label })
				const code = (await findQrAtItsSize(marked, width, height))!
				expect(code.data).toBe(url)
				const modules = 17 + 4 * code.version
				const modulePx = (code.location.topRightCorner.x - code.location.topLeftCorner.x) / modules
				expect(modulePx).toBeCloseTo(qrModulePx(width), 0)
				// The code with its white quiet zone: 90 px for this version-5 code at 990 px wide.
				const side = (modules + 8) * qrModulePx(width)
				if (width === 990) expect(side).toBeLessThan(width * 0.1)
				expect(side).toBeLessThan(width * 0.12)
				// And still read when a phone shows it 1080 px wide.
				if (width > 1080) expect(await readQr(marked, 1080)).toBe(url)
			}
		})

		describe('the code sits in the corner where it covers least', () => {
			/** A plain wall with a patterned rug (fine stripes and blotches) over each of `busy`'s boxes. */
			const room = (width: number, height: number, busy: Array<{ left: number; top: number; w: number; h: number }>) =>
				sharp({ create: { width, height, channels: 3, background: '#d8cfc0' } })
					.composite(
						busy.map((b) => {
							const rug = Buffer.alloc(b.w * b.h * 3)
							for (let y = 0; y < b.h; y++)
								for (let x = 0; x < b.w; x++) {
									const dark = ((x >> 2) + (y >> 3)) % 2 === 0 || (x * 7 + y * 13) % 29 < 6
									rug.fill(dark ? 60 : 200, (y * b.w + x) * 3, (y * b.w + x + 1) * 3)
								}
							return { input: rug, raw: { width: b.w, height: b.h, channels: 3 as const }, left: b.left, top: b.top }
						}),
					)
					.jpeg({ quality: 95 })
					.toBuffer()
			const cornerOf = async (marked: Buffer, width: number, height: number) => {
				const code = (await findQr(marked))!
				expect(code.data).toBe(url)
				const { x, y } = code.location.topLeftCorner
				return `${y < height / 2 ? 'top' : 'bottom'}-${x < width / 2 ? 'left' : 'right'}`
			}

			test('off a rug in the bottom-left corner, the words staying there', async () => {
				const [width, height] = [990, 660]
				const image = await room(width, height, [{ left: 0, top: 380, w: 420, h: 280 }])
				const marked = await markImage(image, { logo: null, disclosure: label })
				expect(await cornerOf(marked, width, height)).toBe('top-left')
				// The words stay bottom-left, starting at the margin now the code is not beside them.
				const half = (jpeg: Buffer) =>
					sharp(jpeg)
						.extract({ left: 0, top: height / 2, width, height: height / 2 })
						.toBuffer()
				const words = (await changedBox(await half(image), await half(marked)))!
				expect(words.left).toBeLessThan(width * 0.03)
				expect(words.bottom).toBeGreaterThan((height / 2) * 0.9)
				expect(words.right).toBeLessThan(width * 0.8 - height * 0.03)
			})

			test('in the plain corner when the bottom-left and top-left are busy', async () => {
				const [width, height] = [990, 660]
				const image = await room(width, height, [
					{ left: 0, top: 380, w: 420, h: 280 },
					{ left: 0, top: 0, w: 300, h: 200 },
				])
				const marked = await markImage(image, { logo: null, disclosure: label })
				expect(await cornerOf(marked, width, height)).toBe('top-right')
				expect(await markImage(image, { logo: null, disclosure: label })).toEqual(marked)
			})

			test('beside its words when the bottom-left is as plain as the rest', async () => {
				const [width, height] = [990, 660]
				const image = await room(width, height, [{ left: 0, top: 0, w: 300, h: 200 }])
				expect(await cornerOf(await markImage(image, { logo: null, disclosure: label }), width, height)).toBe(
					'bottom-left',
				)
			})
		})

		test('and by its short address on a second line; an enhanced photo is labelled alone', async () => {
			const image = await photo(1200, 800)
			const linked = (await changedBox(image, await markImage(image, { logo: null, disclosure: label })))!
			const alone = await markImage(image, { logo: null, disclosure: { text: 'Digitally enhanced', original: null } })
			expect(await readQr(alone)).toBeNull()
			const aloneBox = (await changedBox(image, alone))!
			// Two lines over the QR code's height, against one line's pill.
			expect(linked.height).toBeGreaterThan(2 * aloneBox.height)
			expect(linked.width).toBeGreaterThan(2 * aloneBox.width)
		})

		test("the agency's own words lead the label, and a narrow image gets smaller letters, not an overlap", async () => {
			const image = await photo(1200, 800)
			const words = { ...label, text: 'Digitally altered: furniture added by virtual staging for illustration' }
			const own = (await changedBox(image, await markImage(image, { logo: null, disclosure: words })))!
			const plain = (await changedBox(image, await markImage(image, { logo: null, disclosure: label })))!
			expect(own.width).toBeGreaterThan(plain.width)
			expect(own.right).toBeLessThan(1200 * 0.8 - 800 * 0.03)
			expect(await readQr(await markImage(image, { logo: null, disclosure: words }))).toBe(url)
		})
	})
})
