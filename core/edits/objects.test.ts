import { describe, expect, it } from 'vitest'
import { readFixtureLabels } from '../../bench/room-check-real-corpus.ts'
import { LEAST_OBJECT, objectMask, objectsIn, surfacesIn } from './objects.ts'
import { insideOutline } from './outline.ts'

describe('the objects in a real photo', () => {
	it('a living room (pair 69): the sofa, the coffee table, two armchairs and two rugs, each named once, numbered left to right', async () => {
		const objects = objectsIn(await readFixtureLabels('69-before.jpg'))
		const names = objects.map((o) => o.name)
		expect(names.slice(0, 4)).toEqual(['sofa', 'armchair 2', 'armchair 1', 'coffee table'])
		expect(names).toEqual(expect.arrayContaining(['rug 1', 'rug 2']))
		expect(new Set(objects.map((o) => o.id)).size).toBe(objects.length)
		const sofa = objects[0]
		// The grey sofa fills the left edge from under the window to the bottom.
		expect(sofa).toMatchObject({ id: 'sofa', kind: 'sofa', plural: 'sofas' })
		expect(sofa.box.x).toBe(0)
		expect(sofa.box.width).toBeGreaterThan(0.25)
		expect(sofa.box.height).toBeGreaterThan(0.5)
		const centre = (id: string) => {
			const { box } = objects.find((o) => o.id === id)!
			return box.x + box.width / 2
		}
		expect(centre('armchair-1')).toBeLessThan(centre('armchair-2'))
		expect(centre('rug-1')).toBeLessThan(centre('rug-2'))
		for (const o of objects) expect(o.area).toBeGreaterThanOrEqual(LEAST_OBJECT)
	})

	it("the parts the model names otherwise join the thing they are part of: pair 36's sofa takes its cushion and seat", async () => {
		const labels = await readFixtureLabels('36-before.jpg')
		const objects = objectsIn(labels)
		const sofa = objects.find((o) => o.id === 'sofa')!
		// One sofa, several patches (sofa, chair, cushion…), its area their sum.
		expect(sofa.seeds.length).toBeGreaterThan(1)
		const mask = objectMask(labels, sofa)
		expect(mask.reduce((s, v) => s + v, 0) / mask.length).toBeCloseTo(sofa.area, 6)
		expect(objects.filter((o) => o.kind === 'cushion')).toEqual([])
		expect(objects.map((o) => o.name)).toEqual(expect.arrayContaining(['bed', 'plant', 'lamp', 'painting']))
	})

	it("each object's outline is its shape on the label map: pair 36's hanging lamp is its shade and flex, not its box", async () => {
		const labels = await readFixtureLabels('36-before.jpg')
		const n = labels.size
		for (const object of objectsIn(labels)) {
			const mask = objectMask(labels, object)
			// Every label pixel but those along its edge (where the outline cuts stair-steps) falls its own side.
			for (let y = 1; y < n - 1; y++)
				for (let x = 1; x < n - 1; x++) {
					const around = [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => mask[(y + dy) * n + x + dx]))
					if (new Set(around).size > 1) continue
					expect(insideOutline(object.outline, (x + 0.5) / n, (y + 0.5) / n), `${object.id} at ${x}, ${y}`).toBe(
						!!mask[y * n + x],
					)
				}
			expect(object.outline.flat().length, object.id).toBeLessThan(80)
		}
		const lamp = objectsIn(labels).find((o) => o.id === 'lamp')!
		const { x, y, width, height } = lamp.box
		expect(insideOutline(lamp.outline, x + width / 2, y + height / 5)).toBe(true)
		// The box's lower corners are the window and curtain beside the flex.
		expect(insideOutline(lamp.outline, x + width * 0.05, y + height * 0.95)).toBe(false)
	})

	it('the surfaces: walls, floor and ceiling of a bedroom; walls, floor, kitchen units and worktops of a kitchen', async () => {
		expect(surfacesIn(await readFixtureLabels('36-before.jpg')).map((s) => s.name)).toEqual([
			'walls',
			'floor',
			'ceiling',
		])
		const kitchen = surfacesIn(await readFixtureLabels('63-before.jpg'))
		expect(kitchen.map((s) => s.name)).toEqual(['walls', 'floor', 'kitchen units', 'worktops'])
		const walls = kitchen[0]
		expect(walls.area).toBeGreaterThan(0.25)
		expect(walls.box.y).toBe(0)
	})
})
