import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { REAL_FIXTURES, readFixtureLabels } from '../../../bench/room-check-real-corpus.ts'
import { parseHex } from '#core/edits/colour.ts'
import { editSize } from '#core/edits/mask.ts'
import { surfaceMask } from '#core/edits/objects.ts'
import { removeLocally } from '#core/edits/remove-locally.ts'
import { repaintWalls } from '#core/edits/repaint-walls.ts'
import { selectionMask } from '#core/edits/selection.ts'
import { sharp } from '#core/platform/sharp.ts'
import { rgb } from './decode.ts'
import { loadOpenCv } from './opencv.ts'
import { checkScope, type Scope } from './scope.ts'
import type { Labels } from './segment.ts'
import { labelsOf } from './segmenter.ts'

/** A real photo, its label map, full-size and working-size pixels. */
async function room(file: string) {
	const { cv } = await loadOpenCv()
	const photo = fs.readFileSync(path.join(REAL_FIXTURES, file))
	const { width, height } = (await sharp(photo).metadata()) as { width: number; height: number }
	const work = editSize(width, height)
	return {
		cv,
		photo,
		labels: await readFixtureLabels(file),
		full: { width, height, data: await rgb(photo, width, height, 'photo') },
		work: { ...work, data: await rgb(photo, work.width, work.height, 'photo') },
	}
}

const jpeg = (pixels: Uint8Array, width: number, height: number) =>
	sharp(Buffer.from(pixels), { raw: { width, height, channels: 3 } })
		.jpeg({ quality: 92 })
		.toBuffer()

/** The answer segmented as production segments it, then checked. */
async function check(photo: Buffer, answer: Buffer, scope: Scope, photoLabels: Labels) {
	const answerLabels = await labelsOf(answer)
	if (!answerLabels) throw new Error('the answer could not be segmented')
	return checkScope(photo, answer, scope, { photo: photoLabels, answer: answerLabels })
}

/** `pixels` with the label map's `mask` pulled `strength` of the way to `colour`: a vendor's sloppy recolouring. */
function tint(
	pixels: Uint8Array,
	width: number,
	height: number,
	labels: Labels,
	mask: Uint8Array,
	colour: number[],
	strength: number,
) {
	const out = new Uint8Array(pixels)
	const n = labels.size
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) {
			if (!mask[Math.floor((y * n) / height) * n + Math.floor((x * n) / width)]) continue
			const i = 3 * (y * width + x)
			for (let c = 0; c < 3; c++) out[i + c] = Math.round(out[i + c] * (1 - strength) + colour[c] * strength)
		}
	return out
}

describe('an item removal checked against its scope', () => {
	it("the local preview's removal of pair 36's lamp and plant passes: removed, nothing else changed", async () => {
		const { cv, photo, labels, full, work } = await room('36-before.jpg')
		const mask = selectionMask(cv, work, labels, { objects: ['lamp', 'plant'], strokes: [] })
		const removed = removeLocally(cv, full, mask)
		const answer = await jpeg(removed.pixels, full.width, full.height)
		const result = await check(photo, answer, { kind: 'remove', objects: ['lamp', 'plant'] }, labels)
		expect(result).toEqual({ verdict: 'ok', sentences: ['Removed: a plant and a lamp; nothing else changed'] })
		// The same, asked by the mask alone.
		expect(await check(photo, answer, { kind: 'remove', mask }, labels)).toEqual(result)
	}, 60_000)

	it('the lamp alone, painted out by the local preview, passes: what is there now is not a lamp', async () => {
		const { cv, photo, labels, full, work } = await room('36-before.jpg')
		const mask = selectionMask(cv, work, labels, { objects: ['lamp'], strokes: [] })
		const answer = await jpeg(removeLocally(cv, full, mask).pixels, full.width, full.height)
		expect(await check(photo, answer, { kind: 'remove', objects: ['lamp'] }, labels)).toEqual({
			verdict: 'ok',
			sentences: ['Removed: a lamp; nothing else changed'],
		})
	}, 60_000)

	it('a textured floor left as it was is not changed: the photo answered for itself keeps its chair, and nothing else', async () => {
		// Pair 25's floor and pair 61's carpet, resampled as the check compares them, moved their edges
		// enough to read as 'The floor changed outside the area asked'.
		for (const [file, chair] of [
			['25-before.jpg', 'chair-1'],
			['61-before.jpg', 'chair'],
		]) {
			const { photo, labels } = await room(file)
			expect(await check(photo, photo, { kind: 'remove', objects: [chair] }, labels), file).toEqual({
				verdict: 'out-of-scope',
				sentences: ['The chair is still there'],
			})
		}
	}, 60_000)

	it('an answer that left one of them in place, or took another thing too, is out of scope', async () => {
		const { cv, photo, labels, full, work } = await room('36-before.jpg')
		const plantOnly = selectionMask(cv, work, labels, { objects: ['plant'], strokes: [] })
		const keptLamp = await jpeg(removeLocally(cv, full, plantOnly).pixels, full.width, full.height)
		expect(await check(photo, keptLamp, { kind: 'remove', objects: ['lamp', 'plant'] }, labels)).toEqual({
			verdict: 'out-of-scope',
			sentences: ['The lamp is still there'],
		})
		const both = selectionMask(cv, work, labels, { objects: ['lamp', 'plant'], strokes: [] })
		const tookLamp = await jpeg(removeLocally(cv, full, both).pixels, full.width, full.height)
		const result = await check(photo, tookLamp, { kind: 'remove', objects: ['plant'] }, labels)
		expect(result.verdict).toBe('out-of-scope')
		expect(result.sentences).toContain('Also removed, though not asked: a lamp')
	}, 90_000)
})

describe('a renovation checked against its scope', () => {
	const blue = '#7a9cb8'

	it("the local preview's repaint of pair 69's walls passes: the colour asked, nothing else changed", async () => {
		const { cv, photo, labels, full, work } = await room('69-before.jpg')
		const painted = repaintWalls(cv, full, work, labels, parseHex(blue)!)
		const answer = await jpeg(painted.pixels, full.width, full.height)
		expect(await check(photo, answer, { kind: 'renovate', surfaces: { walls: blue } }, labels)).toEqual({
			verdict: 'ok',
			sentences: ['Renovated: walls; nothing else changed'],
		})
		// Asked for another colour, the same answer is not it.
		const other = await check(photo, answer, { kind: 'renovate', surfaces: { walls: '#b85a4a' } }, labels)
		expect(other).toEqual({ verdict: 'out-of-scope', sentences: ['The walls are not the colour asked'] })
	}, 60_000)

	it('walls repainted and the floor recoloured too, or the sofa painted with them: caught and said', async () => {
		const { cv, photo, labels, full, work } = await room('69-before.jpg')
		const painted = repaintWalls(cv, full, work, labels, parseHex(blue)!).pixels
		const scope: Scope = { kind: 'renovate', surfaces: { walls: blue } }
		const floor = tint(painted, full.width, full.height, labels, surfaceMask(labels, 'floor'), [150, 90, 50], 0.5)
		const floorResult = await check(photo, await jpeg(floor, full.width, full.height), scope, labels)
		expect(floorResult.verdict).toBe('out-of-scope')
		expect(floorResult.sentences[0]).toBe('The floor changed outside the area asked')
		const sofa = labels.data.map((c) => (c === 24 ? 1 : 0))
		const beyond = tint(painted, full.width, full.height, labels, sofa, [122, 156, 184], 0.7)
		const beyondResult = await check(photo, await jpeg(beyond, full.width, full.height), scope, labels)
		expect(beyondResult.verdict).toBe('out-of-scope')
		expect(beyondResult.sentences[0]).toBe('The sofa changed outside the area asked')
	}, 90_000)
})
