import { expect, test, vi } from 'vitest'

await vi.hoisted(() => import('#tests/mocks/gemini-api.ts').then((m) => m.useGeminiApiSettings()))

import { settleJobs } from '#tests/jobs.ts'
import { createGeminiApi } from '#tests/mocks/gemini-api.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { roomWithPhoto, variationsOf } from '#tests/staging.ts'
import { processRoom } from './process-room.ts'

// Enhance through the whole pipeline against the model of Gemini's generateContent, which makes
// one image a call: three calls with the photo inline and the enhancement prompt, three variations.
const api = createGeminiApi()
serveVendorModel(api)

test('an enhanced photo of a furnished living room: three calls asking for exposure, colour and lens only, nothing removed', async () => {
	const { actor, room } = await roomWithPhoto({ roomType: 'living', hasFurniture: true })
	await processRoom(actor, room.id, { styles: ['enhance'] })
	await settleJobs()
	const calls = api.generateCalls()
	expect(calls).toHaveLength(3)
	for (const call of calls) {
		expect(call.prompt).toMatch(/^Enhance this real-estate photograph of a living room/)
		expect(call.prompt).toMatch(/add, remove, move or restyle nothing/)
		expect(call.prompt).not.toMatch(/furnish|Remove all the/)
		expect(call.image?.mimeType).toBe('image/jpeg')
	}
	const variations = await variationsOf(room.id)
	expect(variations.map((v) => [v.style, v.status, v.provider])).toEqual(
		Array(3).fill(['enhance', 'completed', 'gemini']),
	)
	// An enhanced photo is still checked: exposure may change, the room may not.
	expect(variations.every((v) => v.roomCheck !== null)).toBe(true)
})
