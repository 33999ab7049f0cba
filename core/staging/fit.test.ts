import { expect, test, vi } from 'vitest'

// One CPU slot, as a worker that shares its machine with others is told (CPU_SLOTS=1).
vi.hoisted(() => {
	process.env.CPU_SLOTS = '1'
})

import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { fitToPhoto } from './fit.ts'

test('with one CPU slot images are fitted one at a time, an agent waiting ahead of a bulk import', async () => {
	const photo = { bytes: await makeRoomPhoto({ width: 800, height: 600 }), width: 800, height: 600 }
	// The vendor's answers are of another size, so each is really resized.
	const staged = { bytes: await makeRoomPhoto({ width: 1024, height: 768, seed: 3 }) }
	const finished: string[] = []
	const fitted = (name: string, priority: number) =>
		fitToPhoto(staged, photo, { check: 'off', priority }).then((image) => {
			finished.push(name)
			return image
		})
	// A bulk image takes the slot; another bulk one and then an agent's wait, the agent's first.
	const images = await Promise.all([fitted('bulk 1', 2), fitted('bulk 2', 2), fitted('agent', 0)])
	expect(finished).toEqual(['bulk 1', 'agent', 'bulk 2'])
	for (const image of images) expect(image).toHaveProperty('image')
})
