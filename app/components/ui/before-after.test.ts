import { describe, expect, test } from 'vitest'
import { positionForKey, positionText } from './before-after.tsx'

describe('the before/after slider', () => {
	test('arrows move 5, Page keys 25, Home and End go to either end, and nothing passes 0 or 100', () => {
		expect(
			['ArrowRight', 'ArrowUp', 'ArrowLeft', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'].map((key) =>
				positionForKey(key, 50),
			),
		).toEqual([55, 55, 45, 45, 75, 25, 0, 100])
		expect(positionForKey('ArrowRight', 98)).toBe(100)
		expect(positionForKey('PageDown', 10)).toBe(0)
	})

	test('other keys are left alone', () => {
		expect(positionForKey('Tab', 50)).toBeNull()
		expect(positionForKey('a', 50)).toBeNull()
	})

	test('it tells how much of the staged photo is on show', () => {
		expect(positionText(0)).toBe('Showing 100% of the staged photo')
		expect(positionText(70)).toBe('Showing 30% of the staged photo')
	})
})
