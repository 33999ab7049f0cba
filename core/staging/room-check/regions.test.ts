import { describe, expect, test } from 'vitest'
import { contents } from './regions.ts'

/** Class indices (classes.ts): the room, and what is placed in it. */
const [WALL, FLOOR, BED, TABLE, SOFA, WARDROBE, RUG, ARMCHAIR] = [1, 4, 8, 16, 24, 36, 29, 31]
const N = 40

/** A label map of a room: wall above the middle, floor below, and these blocks [class, x, y, width, height] on it. */
function room(...blocks: [number, number, number, number, number][]) {
	const data = new Uint8Array(N * N).map((_, i) => (Math.floor(i / N) < N / 2 ? WALL : FLOOR))
	for (const [cls, x, y, width, height] of blocks)
		for (let row = y; row < y + height; row++) data.fill(cls, row * N + x, row * N + x + width)
	return { size: N, data }
}

/** One comparison cell over the whole map, changed or not. */
const cells = (changed: boolean) => ({ cols: 1, rows: 1, changed: Uint8Array.of(changed ? 1 : 0) })
const names = (items: { name: string; count: number }[]) => items.map(({ name, count }) => `${count} ${name}`)

describe('what a staging added and removed', () => {
	test('a sofa the model reads partly as an armchair is one sofa', () => {
		const staged = room([SOFA, 5, 14, 12, 10], [ARMCHAIR, 17, 16, 4, 8])
		expect(names(contents(room(), staged.data, cells(true)).added)).toEqual(['1 sofa'])
	})

	test('a "bed" lying wholly on the floor is a rug; one standing before the wall is a bed', () => {
		expect(names(contents(room(), room([BED, 5, 24, 20, 10]).data, cells(true)).added)).toEqual(['1 rug'])
		expect(names(contents(room(), room([BED, 5, 14, 20, 14]).data, cells(true)).added)).toEqual(['1 bed'])
	})

	test('a rug next to a "bed" on the floor is one rug', () => {
		const staged = room([BED, 5, 24, 12, 10], [RUG, 17, 24, 6, 10])
		expect(names(contents(room(), staged.data, cells(true)).added)).toEqual(['1 rug'])
	})

	test('a free-standing table taken away is removed; a wardrobe turned wall is the model taking a door for one', () => {
		const photo = room([TABLE, 5, 16, 8, 8], [WARDROBE, 25, 4, 8, 14])
		expect(names(contents(photo, room().data, cells(true)).removed)).toEqual(['1 table'])
	})

	test('nothing is named where the pixels did not change', () => {
		expect(contents(room(), room([SOFA, 5, 14, 12, 10]).data, cells(false))).toEqual({ added: [], removed: [] })
	})
})
