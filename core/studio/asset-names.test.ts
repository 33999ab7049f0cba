import { describe, expect, test } from 'vitest'
import { addressSlug, assetFileNames, slugify } from './asset-names.ts'

describe('download file names', () => {
	test('the first line of the address, the room, the style and a number', () => {
		const names = assetFileNames('12 Acacia Avenue, Bristol BS1 4DJ', [
			{ id: 'a', roomName: null, roomType: 'kitchen', style: 'scandinavian' },
			{ id: 'b', roomName: null, roomType: 'kitchen', style: 'scandinavian' },
			{ id: 'c', roomName: null, roomType: 'kitchen', style: 'modern' },
			{ id: 'd', roomName: "Kids' Room", roomType: 'kids_room', style: 'coastal' },
			{ id: 'e', roomName: '  ', roomType: 'kids_room', style: 'coastal' },
		])
		expect([...names.values()]).toEqual([
			'12-acacia-avenue_kitchen_scandinavian_1.jpg',
			'12-acacia-avenue_kitchen_scandinavian_2.jpg',
			'12-acacia-avenue_kitchen_modern_1.jpg',
			'12-acacia-avenue_kids-room_coastal_1.jpg',
			'12-acacia-avenue_kids-room_coastal_2.jpg',
		])
	})

	test('names are plain ASCII whatever the address', () => {
		expect(addressSlug('Flat 3, Café Royale, Mayfair')).toBe('flat-3')
		expect(slugify('Château   d’Eau / ../../etc')).toBe('chateau-d-eau-etc')
		expect(slugify('!!!')).toBe('property')
		expect(slugify('x'.repeat(100))).toHaveLength(60)
	})
})
