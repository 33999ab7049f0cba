import { expect, test } from 'vitest'
import { roomNamesFor } from './room-names.ts'

test('a batch is named on from the rooms already in the project', () => {
	expect(roomNamesFor(['bedroom', 'kitchen', 'bedroom'], [])).toEqual(['Bedroom', 'Kitchen', 'Bedroom 2'])
	expect(roomNamesFor(['bedroom', 'office'], [{ roomType: 'bedroom' }, { roomType: 'bedroom' }])).toEqual([
		'Bedroom 3',
		'Office',
	])
})
