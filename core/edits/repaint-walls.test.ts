import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { REAL_FIXTURES, readFixtureLabels } from '../../bench/room-check-real-corpus.ts'
import { sharp } from '#core/platform/sharp.ts'
import { rgb } from '#core/staging/room-check/decode.ts'
import { loadOpenCv } from '#core/staging/room-check/opencv.ts'
import { deltaE, type Lab, parseHex, rgbToLab } from './colour.ts'
import { editSize } from './mask.ts'
import { repaintWalls } from './repaint-walls.ts'

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]
const spread = (values: number[]) => {
	const mean = values.reduce((s, v) => s + v, 0) / values.length
	return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length)
}

describe('the local preview repaints the walls', () => {
	it("pair 69's white walls in blue-grey: the colour asked, their light and shade kept, nothing else touched", async () => {
		const { cv } = await loadOpenCv()
		const file = '69-before.jpg'
		const photo = fs.readFileSync(path.join(REAL_FIXTURES, file))
		const meta = await sharp(photo).metadata()
		const full = { width: 2 * meta.width!, height: 2 * meta.height! }
		const work = editSize(full.width, full.height)
		const image = { ...full, data: await rgb(photo, full.width, full.height, 'photo') }
		const small = { ...work, data: await rgb(photo, work.width, work.height, 'photo') }
		const colour = parseHex('#7a9cb8')!
		const out = repaintWalls(cv, image, small, await readFixtureLabels(file), colour)
		expect([out.width, out.height]).toEqual([full.width, full.height])
		// The sure wall pixels, at full size.
		const before: Lab[] = []
		const after: Lab[] = []
		let changed = 0
		for (let y = 0; y < full.height; y++)
			for (let x = 0; x < full.width; x++) {
				const i = y * full.width + x
				const d = image.data
				if (
					out.pixels[3 * i] !== d[3 * i] ||
					out.pixels[3 * i + 1] !== d[3 * i + 1] ||
					out.pixels[3 * i + 2] !== d[3 * i + 2]
				)
					changed++
				const w =
					out.walls.data[
						Math.floor((y * work.height) / full.height) * work.width + Math.floor((x * work.width) / full.width)
					]
				if (w < 255) continue
				before.push(rgbToLab(d[3 * i], d[3 * i + 1], d[3 * i + 2]))
				after.push(rgbToLab(out.pixels[3 * i], out.pixels[3 * i + 1], out.pixels[3 * i + 2]))
			}
		const medianLab = (labs: Lab[]): Lab => [0, 1, 2].map((c) => median(labs.map((l) => l[c]))) as Lab
		expect(deltaE(medianLab(after), rgbToLab(...colour))).toBeLessThan(3)
		expect(deltaE(medianLab(before), rgbToLab(...colour))).toBeGreaterThan(20)
		// The walls' shading (the bright stretch by the window, the darker corner) is kept.
		const ratio = spread(after.map((l) => l[0])) / spread(before.map((l) => l[0]))
		expect(ratio).toBeGreaterThan(0.85)
		expect(ratio).toBeLessThan(1.15)
		// About the walls' share of the photo changed, not more; the floor, the sofa and the window untouched.
		expect(changed / (full.width * full.height)).toBeGreaterThan(0.25)
		expect(changed / (full.width * full.height)).toBeLessThan(0.45)
		for (const [x, y] of [
			[0.55, 0.62],
			[0.05, 0.6],
			[0.15, 0.2],
		]) {
			const i = Math.floor(y * full.height) * full.width + Math.floor(x * full.width)
			expect([...out.pixels.subarray(3 * i, 3 * i + 3)]).toEqual([...image.data.subarray(3 * i, 3 * i + 3)])
		}
	})
})
