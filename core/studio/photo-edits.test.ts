import { expect, test, vi } from 'vitest'

await vi.hoisted(() => import('#tests/mocks/openai-images.ts').then((m) => m.useOpenAiImagesSettings()))

import { InputError } from '#core/errors.ts'
import { createLocalPreviewProvider, PREVIEW_CANNOT_EDIT } from '#core/render/local-preview.ts'
import { createVirtualStagingAiProvider } from '#core/render/providers/virtual-staging-ai.ts'
import { settleJobs } from '#tests/jobs.ts'
import { createOpenAiImagesModel } from '#tests/mocks/openai-images.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'
import { processRoom } from './process-room.ts'
import { cannotEditMessage } from './render-options.ts'

// Twilight and Enhance beside the styles, through the whole pipeline against the model of
// OpenAI's images.edit: one call per choice, a prompt that changes light and colour only, and
// variations counted like any style's.
const api = createOpenAiImagesModel()
serveVendorModel(api)

test('a twilight shot and an enhanced photo of an exterior: one edit call each, asked for light and colour only', async () => {
	const { actor, room } = await roomWithPhoto({ roomType: 'exterior', hasFurniture: true })
	await processRoom(actor, room.id, { styles: ['twilight', 'enhance'] })
	await settleJobs()
	expect(api.calls).toHaveLength(2)
	const prompts = api.calls.map((call) => call.prompt)
	const twilight = prompts.find((p) => p.includes('twilight'))!
	const enhance = prompts.find((p) => p.includes('Enhance this'))!
	expect(twilight).toMatch(/Change only the sky, the light/)
	expect(enhance).toMatch(/Change only exposure, colour and lens geometry/)
	// A photo edit is never staging: no furniture added or removed, whatever the room holds.
	for (const prompt of prompts) expect(prompt).not.toMatch(/furnish|Remove all the/)
	expect(api.calls.map((call) => call.n)).toEqual(['3', '3'])

	const variations = await variationsOf(room.id)
	expect(variations.map((v) => [v.style, v.status]).sort()).toEqual([
		...Array(3).fill(['enhance', 'completed']),
		...Array(3).fill(['twilight', 'completed']),
	])
	// The room check reads a new sky as a changed room: twilight shots are fitted, not checked.
	expect(variations.filter((v) => v.style === 'twilight').map((v) => v.roomCheck)).toEqual([null, null, null])
	expect(variations.filter((v) => v.style === 'enhance').every((v) => v.roomCheck !== null)).toBe(true)
	const rows = await stagingRowsOf(room.id)
	expect(rows.map((r) => [r.edit, r.style, r.removeFurniture]).sort()).toEqual([
		['enhance', null, false],
		['twilight', null, false],
	])
})

test('providers that make no photo edits refuse them in one line, before anything is queued', async () => {
	expect(cannotEditMessage(createLocalPreviewProvider(), 'twilight')).toBe(PREVIEW_CANNOT_EDIT)
	expect(cannotEditMessage(createVirtualStagingAiProvider({ apiKey: 'k' }), 'enhance')).toBe(
		'Enhance is not offered with Virtual Staging AI yet: choose a style',
	)
	expect(createVirtualStagingAiProvider({ apiKey: 'k' }).photoEdits).toEqual([])

	// An unknown choice is refused by the schema every door shares.
	const { actor, room } = await roomWithPhoto()
	await expect(processRoom(actor, room.id, { styles: ['sunset'] })).rejects.toThrow(InputError)
	expect(await variationsOf(room.id)).toEqual([])
})
