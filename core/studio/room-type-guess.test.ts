import { describe, expect, test } from 'vitest'
import { guessRoomType } from './room-type-guess.ts'

describe('guessRoomType', () => {
	test.each([
		// living: living, lounge, family room
		['living.jpg', 'living'],
		['Living-Room.png', 'living'],
		['livingroom_1.webp', 'living'],
		['lounge.jpg', 'living'],
		['family room.jpg', 'living'],
		['family_room_2.jpg', 'living'],
		['FamilyRoom.jpg', 'living'],
		// bedroom: bedroom, bed, master
		['bedroom.jpg', 'bedroom'],
		['IMG_bedroom_2.jpg', 'bedroom'],
		['bed.jpg', 'bedroom'],
		['bed2.jpg', 'bedroom'],
		['Master-suite.png', 'bedroom'],
		['master.jpg', 'bedroom'],
		['MasterBedroom.jpg', 'bedroom'],
		// kitchen: kitchen, cook
		['kitchen.jpg', 'kitchen'],
		['KITCHEN.JPG', 'kitchen'],
		['cook.jpg', 'kitchen'],
		['cooking-area.png', 'kitchen'],
		// bathroom: bathroom, bath, powder
		['bathroom.jpg', 'bathroom'],
		['bath.jpg', 'bathroom'],
		['powder-room.jpg', 'bathroom'],
		// dining: dining, eat
		['dining.jpg', 'dining'],
		['DiningRoom.png', 'dining'],
		['eat.jpg', 'dining'],
		['eating_area.jpg', 'dining'],
		// office: office, study, den
		['office.jpg', 'office'],
		['home-office.png', 'office'],
		['study.jpg', 'office'],
		['den.jpg', 'office'],
	] as const)('%s → %s', (fileName, expected) => {
		expect(guessRoomType(fileName)).toBe(expected)
	})

	test('falls back to living when nothing matches', () => {
		expect(guessRoomType('IMG_4032.jpg')).toBe('living')
		expect(guessRoomType('')).toBe('living')
	})

	test('keywords inside other words do not count', () => {
		expect(guessRoomType('garden.jpg')).toBe('living') // not 'den' → office
		expect(guessRoomType('golden-hour.jpg')).toBe('living')
		expect(guessRoomType('bedding-closeup.jpg')).toBe('living') // not 'bed'
		expect(guessRoomType('theatre.jpg')).toBe('living') // not 'eat'
		expect(guessRoomType('student-flat.jpg')).toBe('living') // not 'study' / 'den'
		expect(guessRoomType('sunbathing.jpg')).toBe('living') // not 'bath'
	})

	test('bathroom is a bathroom even though it starts like other words', () => {
		expect(guessRoomType('bathroom-bed-side.jpg')).toBe('bathroom')
		expect(guessRoomType('Bathrooms.png')).toBe('bathroom')
		expect(guessRoomType('bedrooms.png')).toBe('bedroom')
	})

	test('a room word beats master', () => {
		expect(guessRoomType('master-bathroom.jpg')).toBe('bathroom')
		expect(guessRoomType('master_bath.jpg')).toBe('bathroom')
	})

	test('the first room word in the name wins', () => {
		expect(guessRoomType('kitchen-diner-eat-in.jpg')).toBe('kitchen')
		expect(guessRoomType('living-dining.jpg')).toBe('living')
		expect(guessRoomType('dining-and-living.jpg')).toBe('dining')
	})

	test('ignores the extension and any folder', () => {
		expect(guessRoomType('photos/kitchen/IMG_1.jpg')).toBe('living')
		expect(guessRoomType('C:\\photos\\den.jpeg')).toBe('office')
		expect(guessRoomType('study.bath')).toBe('office')
	})
})
