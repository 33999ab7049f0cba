import { expect, test } from 'vitest'
import type { Outline } from '#core/edits/outline.ts'
import { type DetectedObject, extendStroke, NEAR_OUTLINE, objectUnder } from './edit-room.ts'

/** A thing listed with a rectangle's shape (its box the same), of the area it covers. */
function thing(id: string, [x0, y0, x1, y1]: [number, number, number, number]): DetectedObject {
	const outline: Outline = [
		[
			[x0, y0],
			[x1, y0],
			[x1, y1],
			[x0, y1],
		],
	]
	const box = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
	return { id, name: id, kind: id, box, outline, area: box.width * box.height }
}

test('a click picks the smallest shape holding it, else the nearest within reach, else nothing', () => {
	const sofa = thing('sofa', [0.1, 0.5, 0.7, 0.9])
	const cushion = thing('cushion', [0.2, 0.55, 0.3, 0.65])
	const objects = [sofa, cushion]
	expect(objectUnder(objects, 0.25, 0.6)?.id).toBe('cushion')
	expect(objectUnder(objects, 0.5, 0.8)?.id).toBe('sofa')
	// Just beside the sofa's edge (a thin leg missed), then well clear of it.
	expect(objectUnder(objects, 0.7 + NEAR_OUTLINE / 2, 0.8)?.id).toBe('sofa')
	expect(objectUnder(objects, 0.7 + 2 * NEAR_OUTLINE, 0.8)).toBeNull()
})

test("a click inside a thing's box but off its shape picks nothing; its refined shape, once known, decides", () => {
	// An L: the box's top right quarter is not the thing.
	const lamp = {
		...thing('lamp', [0.2, 0.2, 0.6, 0.6]),
		outline: [
			[
				[0.2, 0.2],
				[0.3, 0.2],
				[0.3, 0.5],
				[0.6, 0.5],
				[0.6, 0.6],
				[0.2, 0.6],
			],
		] as Outline,
	}
	expect(objectUnder([lamp], 0.5, 0.3)).toBeNull()
	expect(objectUnder([lamp], 0.25, 0.3)?.id).toBe('lamp')
	const refined: Outline = thing('lamp', [0.4, 0.25, 0.55, 0.35]).outline
	expect(objectUnder([lamp], 0.5, 0.3, { lamp: refined })?.id).toBe('lamp')
})

test('a stroke keeps a point a third of its radius on from the last, and no more than the schema takes', () => {
	const box = { width: 600, height: 400 }
	// A radius of 0.03 of 600 px is 18 px: points closer than 6 px add nothing.
	const stroke = { points: [[0.5, 0.5]] as [number, number][], radius: 0.03 }
	expect(extendStroke(stroke, [0.505, 0.5], box)).toBe(stroke)
	expect(extendStroke(stroke, [0.515, 0.5], box).points).toEqual([
		[0.5, 0.5],
		[0.515, 0.5],
	])
	const long = { ...stroke, points: Array.from({ length: 2000 }, (_, i): [number, number] => [i / 2000, 0.5]) }
	expect(extendStroke(long, [0.5, 0.9], box)).toBe(long)
})
