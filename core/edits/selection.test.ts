import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { REAL_FIXTURES, readFixtureLabels } from '../../bench/room-check-real-corpus.ts'
import { sharp } from '#core/platform/sharp.ts'
import { rgb } from '#core/staging/room-check/decode.ts'
import { loadOpenCv } from '#core/staging/room-check/opencv.ts'
import { editSize, labelMaskAt, type Mask, maskPng, openAiMaskPng } from './mask.ts'
import { objectMask, objectsIn } from './objects.ts'
import { insideOutline } from './outline.ts'
import {
	drawStroke,
	EMPTY_SELECTION,
	refinedOutline,
	selectionMask,
	toggleAt,
	UnknownObjectError,
} from './selection.ts'

const photo = fs.readFileSync(path.join(REAL_FIXTURES, '69-before.jpg'))

async function setUp() {
	const { cv } = await loadOpenCv()
	const labels = await readFixtureLabels('69-before.jpg')
	const { width, height } = await sharp(photo).metadata()
	const size = editSize(width!, height!)
	const image = { ...size, data: await rgb(photo, size.width, size.height, 'photo') }
	return { cv, labels, image }
}

const at = (mask: Mask, x: number, y: number) =>
	mask.data[Math.floor(y * mask.height) * mask.width + Math.floor(x * mask.width)]

/** Mean lightness step across the mask's outline: high where the outline follows the image's edges. */
function edgeStrength(mask: Mask, grey: Uint8Array) {
	let [sum, count] = [0, 0]
	for (let y = 1; y < mask.height - 1; y++)
		for (let x = 1; x < mask.width - 1; x++) {
			const i = y * mask.width + x
			if (
				!mask.data[i] ||
				(mask.data[i - 1] && mask.data[i + 1] && mask.data[i - mask.width] && mask.data[i + mask.width])
			)
				continue
			sum += Math.abs(grey[i + 1] - grey[i - 1]) + Math.abs(grey[i + mask.width] - grey[i - mask.width])
			count++
		}
	return sum / count
}

describe('selecting what to remove by clicking it', () => {
	it('a click on the coffee table picks it, a second click drops it, a click on the wall picks nothing', async () => {
		const labels = await readFixtureLabels('69-before.jpg')
		const picked = toggleAt(EMPTY_SELECTION, labels, 0.3, 0.6)
		expect(picked.objects).toEqual(['coffee-table'])
		const both = toggleAt(picked, labels, 0.1, 0.5)
		expect(both.objects).toEqual(['coffee-table', 'sofa'])
		expect(toggleAt(both, labels, 0.3, 0.6).objects).toEqual(['sofa'])
		expect(toggleAt(both, labels, 0.7, 0.2)).toBe(both)
	})

	it("the coffee table's mask follows the table's own edges, which the segmentation's outline does not", async () => {
		const { cv, labels, image } = await setUp()
		const mask = selectionMask(cv, image, labels, { objects: ['coffee-table'], strokes: [] })
		const table = objectsIn(labels).find((o) => o.id === 'coffee-table')!
		const coarse = labelMaskAt(objectMask(labels, table), labels.size, image)
		const grey = new Uint8Array(image.width * image.height)
		for (let i = 0; i < grey.length; i++)
			grey[i] = (image.data[3 * i] + image.data[3 * i + 1] + image.data[3 * i + 2]) / 3
		expect(edgeStrength(mask, grey)).toBeGreaterThan(1.5 * edgeStrength(coarse, grey))
		// The table top is in, the rug just below its front edge and the sofa beside it are not.
		expect(at(mask, 0.3, 0.6)).toBe(255)
		expect(at(mask, 0.3, 0.74)).toBe(0)
		expect(at(mask, 0.1, 0.5)).toBe(0)
	})

	it("the outline the studio draws once a thing is picked is its mask's: the coffee table cut along its own edges", async () => {
		const { cv, labels, image } = await setUp()
		const mask = selectionMask(cv, image, labels, { objects: ['coffee-table'], strokes: [] })
		const outline = refinedOutline(cv, image, labels, 'coffee-table')
		expect(outline.flat().length).toBeLessThan(120)
		// Every working pixel but those along its edge (within the tracing's pixel and a half) is on its own side.
		let [agree, total] = [0, 0]
		for (let y = 2; y < mask.height - 2; y += 3)
			for (let x = 2; x < mask.width - 2; x += 3) {
				const around = [-2, 0, 2].flatMap((dy) => [-2, 0, 2].map((dx) => mask.data[(y + dy) * mask.width + x + dx]))
				if (new Set(around).size > 1) continue
				total++
				if (insideOutline(outline, (x + 0.5) / mask.width, (y + 0.5) / mask.height) === !!mask.data[y * mask.width + x])
					agree++
			}
		expect(agree / total).toBeGreaterThan(0.999)
		expect(insideOutline(outline, 0.3, 0.6)).toBe(true)
		expect(insideOutline(outline, 0.3, 0.74)).toBe(false)
	})

	it('brush strokes add and erase pixels after the objects; an unknown object is refused by name', async () => {
		const { cv, labels, image } = await setUp()
		const add = {
			points: [
				[0.7, 0.1],
				[0.8, 0.1],
			] as [number, number][],
			radius: 0.02,
		}
		const mask = selectionMask(cv, image, labels, {
			objects: ['coffee-table'],
			strokes: [add, { points: [[0.3, 0.6]], radius: 0.03, erase: true }],
		})
		expect(at(mask, 0.75, 0.1)).toBe(255)
		expect(at(mask, 0.75, 0.2)).toBe(0)
		expect(at(mask, 0.3, 0.6)).toBe(0)
		expect(at(mask, 0.37, 0.6)).toBe(255)
		expect(() => selectionMask(cv, image, labels, { objects: ['piano'], strokes: [] })).toThrow(UnknownObjectError)
		expect(() => selectionMask(cv, image, labels, { objects: ['piano'], strokes: [] })).toThrow(
			/no 'piano' in this photo \(it has: sofa, armchair 2/,
		)
	})

	it('a stroke is a round-ended band of its radius', () => {
		const mask: Mask = { width: 100, height: 50, data: new Uint8Array(5000) }
		drawStroke(mask, {
			points: [
				[0.2, 0.5],
				[0.8, 0.5],
			],
			radius: 0.1,
		})
		const count = mask.data.filter((v) => v === 255).length
		// 60 × 20 px band and two half discs of radius 10: 1200 + π·100.
		expect(count).toBeGreaterThan(1450)
		expect(count).toBeLessThan(1600)
	})

	it('the mask goes to vendors at the photo size: white where the edit goes, and for OpenAI the photo with alpha 0 there', async () => {
		const { cv, labels, image } = await setUp()
		const mask = selectionMask(cv, image, labels, { objects: ['coffee-table'], strokes: [] })
		const png = await maskPng(mask, { width: 1192, height: 1224 })
		const plain = await sharp(png).raw().toBuffer({ resolveWithObject: true })
		expect(plain.info).toMatchObject({ width: 1192, height: 1224 })
		const value = (x: number, y: number) =>
			plain.data[(Math.floor(y * 1224) * 1192 + Math.floor(x * 1192)) * plain.info.channels]
		expect([value(0.3, 0.6), value(0.7, 0.2)]).toEqual([255, 0])
		const openai = await openAiMaskPng(photo, mask, { width: 596, height: 612 })
		const rgba = await sharp(openai).raw().toBuffer({ resolveWithObject: true })
		expect(rgba.info).toMatchObject({ width: 596, height: 612, channels: 4, format: 'raw' })
		const alpha = (x: number, y: number) => rgba.data[(Math.floor(y * 612) * 596 + Math.floor(x * 596)) * 4 + 3]
		expect([alpha(0.3, 0.6), alpha(0.7, 0.2)]).toEqual([0, 255])
		// Opaque pixels are the photo's own.
		const original = await sharp(photo).raw().toBuffer()
		const i = Math.floor(0.2 * 612) * 596 + Math.floor(0.7 * 596)
		expect([...rgba.data.subarray(4 * i, 4 * i + 3)]).toEqual([...original.subarray(3 * i, 3 * i + 3)])
	})
})
