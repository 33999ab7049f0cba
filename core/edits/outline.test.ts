import { describe, expect, it } from 'vitest'
import { distanceToOutline, insideOutline, type Outline, outlinePath, traceOutline } from './outline.ts'

/** A width × height mask set where `inside(x, y)` holds (at pixel centres). */
function maskOf(width: number, height: number, inside: (x: number, y: number) => boolean) {
	const mask = new Uint8Array(width * height)
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) mask[y * width + x] = inside(x + 0.5, y + 0.5) ? 1 : 0
	return mask
}

/** The shape's area (even-odd: a hole's ring is taken away), in fractions of the mask. */
function areaOf(outline: Outline) {
	const signed = outline.map((ring) =>
		ring.reduce((sum, [ax, ay], i) => {
			const [bx, by] = ring[(i + 1) % ring.length]
			return sum + (ax * by - bx * ay) / 2
		}, 0),
	)
	// Outer rings run one way round and holes the other, so the signed areas add up to the shape's.
	return Math.abs(signed.reduce((a, b) => a + b, 0))
}

describe("a mask's outline", () => {
	// A ring: a disc of radius 20 with a hole of radius 8, off-centre in a 64 × 48 mask.
	const [width, height] = [64, 48]
	const ring = maskOf(width, height, (x, y) => {
		const r = Math.hypot(x - 30, y - 24)
		return r <= 20 && r > 8
	})
	const set = ring.reduce((sum, v) => sum + v, 0)

	it("encloses the mask's own area, in a modest number of points, its hole a ring of its own", () => {
		const outline = traceOutline(ring, width, height)
		expect(outline).toHaveLength(2)
		expect(areaOf(outline)).toBeCloseTo(set / (width * height), 2)
		expect(Math.abs(areaOf(outline) * width * height - set) / set).toBeLessThan(0.02)
		expect(outline.flat().length).toBeLessThan(60)
	})

	it('holds every pixel clear of its edge that the mask holds, and none it does not (in fractions of the mask)', () => {
		const outline = traceOutline(ring, width, height)
		for (let y = 1; y < height - 1; y++)
			for (let x = 1; x < width - 1; x++) {
				const around = [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => ring[(y + dy) * width + x + dx]))
				if (new Set(around).size > 1) continue
				expect(insideOutline(outline, (x + 0.5) / width, (y + 0.5) / height), `${x}, ${y}`).toBe(!!ring[y * width + x])
			}
	})

	it('measures how far a point outside lies from its edge', () => {
		const outline = traceOutline(ring, width, height)
		// The disc's right edge is at x = 50 of 64; a point at 56 is about 6 pixels away.
		expect(distanceToOutline(outline, 56 / width, 24 / height) * width).toBeCloseTo(6, 0)
	})

	it('joins pixels touching at a corner into one shape, as the segmentation joins them', () => {
		const diagonal = maskOf(8, 8, (x, y) => (x < 4 && y < 4) || (x > 4 && y > 4))
		expect(traceOutline(diagonal, 8, 8, { tolerance: 0 })).toHaveLength(1)
	})

	it('drops specks smaller than asked, and draws as an SVG path', () => {
		const speck = maskOf(10, 10, (x, y) => x < 1 && y < 1)
		expect(traceOutline(speck, 10, 10, { least: 2 })).toEqual([])
		const square = traceOutline(
			maskOf(10, 10, (x, y) => x > 2 && x < 8 && y > 2 && y < 8),
			10,
			10,
		)
		expect(outlinePath(square)).toMatch(/^M0\.\d+ 0\.\d+(L0\.\d+ 0\.\d+)+Z$/)
	})
})
