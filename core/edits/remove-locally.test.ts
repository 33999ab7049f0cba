import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { REAL_FIXTURES, readFixtureLabels } from '../../bench/room-check-real-corpus.ts'
import { sharp } from '#core/platform/sharp.ts'
import { rgb } from '#core/staging/room-check/decode.ts'
import { loadOpenCv } from '#core/staging/room-check/opencv.ts'
import { editSize, type Mask } from './mask.ts'
import { MaskTooLargeError, removeLocally } from './remove-locally.ts'
import { selectionMask } from './selection.ts'

/** A real photo at twice its size (so the working size is smaller than the photo), and the mask of `objects`. */
async function photoAndMask(file: string, objects: string[]) {
	const { cv } = await loadOpenCv()
	const photo = fs.readFileSync(path.join(REAL_FIXTURES, file))
	const meta = await sharp(photo).metadata()
	const full = { width: 2 * meta.width!, height: 2 * meta.height! }
	const work = editSize(full.width, full.height)
	const image = { ...full, data: await rgb(photo, full.width, full.height, 'photo') }
	const small = { ...work, data: await rgb(photo, work.width, work.height, 'photo') }
	const mask = selectionMask(cv, small, await readFixtureLabels(file), { objects, strokes: [] })
	return { cv, image, mask }
}

/** The mask at full size, nearest pixel. */
const at = (mask: Mask, width: number, height: number, x: number, y: number) =>
	mask.data[Math.floor(((y + 0.5) * mask.height) / height) * mask.width + Math.floor(((x + 0.5) * mask.width) / width)]

const meanOf = (pixels: Uint8Array, where: (i: number) => boolean) => {
	const sum = [0, 0, 0]
	let n = 0
	for (let i = 0; i < pixels.length / 3; i++)
		if (where(i)) {
			for (let c = 0; c < 3; c++) sum[c] += pixels[3 * i + c]
			n++
		}
	return sum.map((s) => s / n)
}

describe('the local preview paints out small things', () => {
	it("pair 36's pendant lamp and plant are painted out with the wall and curtain around them; every other pixel is the photo's own", async () => {
		const { cv, image, mask } = await photoAndMask('36-before.jpg', ['lamp', 'plant'])
		const { width, height } = image
		const out = removeLocally(cv, image, mask)
		expect([out.width, out.height]).toEqual([width, height])
		let [kept, masked] = [0, 0]
		for (let i = 0; i < width * height; i++) {
			const [x, y] = [i % width, Math.floor(i / width)]
			if (at(mask, width, height, x, y) === 255) {
				masked++
				expect(out.changed.data[i]).toBe(255)
			}
			if (out.changed.data[i]) continue
			kept++
			if (out.pixels[3 * i] !== image.data[3 * i] || out.pixels[3 * i + 2] !== image.data[3 * i + 2])
				throw new Error(`pixel ${x},${y} outside the mask changed`)
		}
		expect(masked).toBeGreaterThan(0.01 * width * height)
		expect(kept).toBeGreaterThan(0.9 * width * height)
		// The plant's green leaves (at the left edge, against the curtain) now have the colour around them.
		const box = (i: number, right: number) => {
			const [x, y] = [(i % width) / width, Math.floor(i / width) / height]
			return x < right && y > 0.42 && y < 0.7
		}
		const inPlant = (i: number) => box(i, 0.08) && at(mask, width, height, i % width, Math.floor(i / width)) === 255
		const around = meanOf(image.data, (i) => box(i, 0.14) && !out.changed.data[i])
		const distance = (a: number[]) => Math.hypot(a[0] - around[0], a[1] - around[1], a[2] - around[2])
		expect(distance(meanOf(out.pixels, inPlant))).toBeLessThan(distance(meanOf(image.data, inPlant)) / 3)
	})

	it('a thing too large to paint out credibly is refused, saying why', async () => {
		const { cv, image, mask } = await photoAndMask('69-before.jpg', ['coffee-table'])
		expect(() => removeLocally(cv, image, mask)).toThrow(MaskTooLargeError)
		expect(() => removeLocally(cv, image, mask)).toThrow(
			/only small things: this selection is 12 % of the photo across at its widest, and past 11 % its fill is a blur/,
		)
	})
})
