import { describe, expect, test } from 'vitest'
import { sharp } from '#core/platform/sharp.ts'
import { changedBox } from '#tests/image-diff.ts'
import { disclosureLabelOf } from './alteration.ts'
import { hasMarks, markImage } from '#core/studio/watermark.ts'

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
			const box = (await changedBox(image, await markImage(image, { logo: null, disclosure: 'Virtually staged' })))!
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
		const marked = await markImage(image, { logo: null, disclosure: 'Virtually staged' })
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
				await markImage(image, { logo: null, disclosure: disclosureLabelOf(style) }),
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
		expect(hasMarks({ logo: null, disclosure: null })).toBe(false)
		const logo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } })
			.png()
			.toBuffer()
		const image = await photo(640, 480)
		const box = (await changedBox(image, await markImage(image, { logo, disclosure: null })))!
		// Only the logo, bottom-right.
		expect(box.left).toBeGreaterThan(320)
	})
})
