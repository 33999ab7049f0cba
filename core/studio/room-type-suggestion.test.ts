import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readFixtureLabels } from '../../bench/room-check-real-corpus.ts'
import { suggestRoomType, suggestRoomTypeOfPhoto } from './room-type-suggestion.ts'

const ROOMS = path.join(import.meta.dirname, '../../tests/fixtures/rooms')
const photo = (file: string) => fs.readFileSync(path.join(ROOMS, file))

describe('the room type a photo shows', () => {
	// Real photos (tests/fixtures/rooms/SOURCES.md), segmented as an upload is: ~0.5 s each.
	it.each([
		['bedroom-01.jpg', 'bedroom'],
		['bedroom-03.jpg', 'bedroom'],
		['kitchen-02.jpg', 'kitchen'],
		['kitchen-03.jpg', 'kitchen'],
		['living-02.jpg', 'living'],
		['bathroom-01.jpg', 'bathroom'],
		['dining-01.jpg', 'dining'],
		['exterior-01.jpg', 'exterior'],
	])('%s is suggested as %s', { timeout: 60_000 }, async (file, roomType) => {
		expect(await suggestRoomTypeOfPhoto(photo(file))).toBe(roomType)
	})

	it('a photo is read by what it shows, whatever its name: the same bytes, the same answer', async () => {
		// There is no name to go by: only the bytes reach the model.
		expect(await suggestRoomTypeOfPhoto(photo('bedroom-03.jpg'))).toBe('bedroom')
		expect(await suggestRoomTypeOfPhoto(Buffer.from('IMG_4521.jpg, really a text file'))).toBeNull()
	})

	// The real staging corpus's photos (tests/fixtures/real-staging/SOURCES.md), by their stored label maps.
	it('an empty room is no room type yet: the agent chooses', async () => {
		for (const empty of ['12-before.jpg', '13-before.jpg', '14-before.jpg', '20-before.jpg', '29-before.jpg'])
			expect(suggestRoomType(await readFixtureLabels(empty)), empty).toBeNull()
	})

	it('the same rooms once staged are told by what was placed in them', async () => {
		expect(suggestRoomType(await readFixtureLabels('13-after.jpg'))).toBe('living') // sofa, armchair
		expect(suggestRoomType(await readFixtureLabels('29-after.jpg'))).toBe('bedroom') // a bed
		expect(suggestRoomType(await readFixtureLabels('32-before.jpg'))).toBe('bathroom')
		expect(suggestRoomType(await readFixtureLabels('68-before.jpg'))).toBe('kitchen')
	})

	it("where two rooms' things are seen, the one seen more clearly wins", async () => {
		// 90's relit answer: a bed over 23 % of it, a sofa 11 %, something read as a bath 3 %.
		expect(suggestRoomType(await readFixtureLabels('90-after.jpg'))).toBe('bedroom')
		expect(suggestRoomType(await readFixtureLabels('01-before.jpg'))).toBe('bedroom') // bed, desk, swivel chair
	})
})
