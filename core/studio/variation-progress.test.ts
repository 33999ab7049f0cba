import { expect, test } from 'vitest'
import { roomProgress, styleProgress, totalProgress } from './variation-progress.ts'

const rows = (...statuses: string[]) => statuses.map((status) => ({ status }))

test('the rows a request wrote are what it asked for, whatever the count', () => {
	expect(styleProgress(rows('completed', 'pending', 'failed'))).toEqual({
		expected: 3,
		completed: 1,
		failed: 1,
		pending: 1,
	})
	// variationCount 1 through the API, or a remodel of a style never processed: done at one
	expect(styleProgress(rows('completed'))).toEqual({ expected: 1, completed: 1, failed: 0, pending: 0 })
	// a remodel adds its row to the batch
	expect(styleProgress(rows('completed', 'completed', 'completed', 'pending')).expected).toBe(4)
})

test('a style asked for whose rows are not seen yet expects three only where the caller awaits them', () => {
	expect(styleProgress([], { awaitingRows: true })).toEqual({ expected: 3, completed: 0, failed: 0, pending: 3 })
	expect(styleProgress([])).toEqual({ expected: 0, completed: 0, failed: 0, pending: 0 })
})

test("a room's styles are its list, then any its rows show, and they add up", () => {
	const variations = [
		{ roomId: 'a', style: 'luxury', status: 'completed' },
		{ roomId: 'b', style: 'modern', status: 'pending' },
	]
	const styles = roomProgress({ id: 'a', selectedStyles: ['modern'] }, variations, { awaitingRows: true })
	expect(styles.map((s) => [s.style, s.expected, s.completed])).toEqual([
		['modern', 3, 0],
		['luxury', 1, 1],
	])
	expect(totalProgress(styles)).toEqual({ expected: 4, completed: 1, failed: 0, pending: 3 })
})
