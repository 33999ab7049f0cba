import fs from 'node:fs'
import path from 'node:path'
import { http, HttpResponse } from 'msw'
import { expect, test, vi } from 'vitest'

await vi.hoisted(() =>
	import('#tests/mocks/virtual-staging-ai-model.ts').then((m) =>
		m.useVirtualStagingAiModelSettings({ ROOM_CHECK: 'replace' }),
	),
)

import { stagingProviderHealth } from '#core/ops/staging-provider-health.ts'
import { sharp } from '#core/platform/sharp.ts'
import { storage } from '#core/platform/storage.ts'
import { processRoom } from '#core/studio/process-room.ts'
import { settleJobs } from '#tests/jobs.ts'
import type { AnswerImage } from '#tests/mocks/staged-answer.ts'
import { createVirtualStagingAiModel } from '#tests/mocks/virtual-staging-ai-model.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { byVariation, livingRoomPhoto, staged, windowPaintedOut } from '#tests/room-check-answers.ts'
import { roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'

// ROOM_CHECK=replace through the whole pipeline, against the model of Virtual Staging AI's v2 API:
// what the room check cannot pass is asked for once more (variations added to the same vendor
// render), and each slot keeps the better of its two images.
const startedAt = new Date()
const vsai = createVirtualStagingAiModel()
const server = serveVendorModel(vsai)

/** Another real room: an answer that cannot be matched to the living room's photo. */
const anotherRoom: AnswerImage = async (_photo, output) =>
	sharp(await fs.promises.readFile(path.join(import.meta.dirname, '../../tests/fixtures/rooms/bedroom-01.jpg')))
		.resize(output.width, output.height, { fit: 'cover' })
		.jpeg()
		.toBuffer()
const oneColour: AnswerImage = (_photo, output) =>
	sharp({ create: { ...output, channels: 3, background: '#808080' } })
		.jpeg()
		.toBuffer()

/** The living room processed in modern, the vendor answering each variation of its render in turn. */
async function stageWith(answers: AnswerImage[]) {
	const { actor, room } = await roomWithPhoto({ photo: await livingRoomPhoto() })
	vsai.state.answer = byVariation(answers)
	await processRoom(actor, room.id, { styles: ['modern'] })
	await settleJobs()
	const variations = (await variationsOf(room.id)).sort((a, b) => a.variationIndex - b.variationIndex)
	const rows = await stagingRowsOf(room.id)
	const [render] = [...vsai.renders.values()].filter((r) =>
		r.variations.some((v) => v.id === variations[0].variationId),
	)
	return { variations, rows, vendorIds: render.variations.map((v) => v.id) }
}

const added = () => vsai.requests.filter((r) => r.method === 'POST' && /^\/renders\/[^/]+\/variations$/.test(r.path))

test('a flagged image is asked for once more, as one variation added to the same render, and the passing one kept', async () => {
	vsai.reset()
	const { variations, rows, vendorIds } = await stageWith([staged, staged, windowPaintedOut, staged])
	expect(variations.map((v) => [v.status, v.roomCheck])).toEqual(Array(3).fill(['completed', 'ok']))
	// The third slot holds the second opinion (the render's fourth variation), never the painted-out window.
	expect(variations.map((v) => v.variationId)).toEqual([vendorIds[0], vendorIds[1], vendorIds[3]])
	// It keeps what its own check saw added (the staged armchair), as every slot does.
	for (const v of variations) expect(v.roomCheckContents?.added.length).toBeGreaterThan(0)
	expect(vsai.requests.filter((r) => r.method === 'POST' && r.path === '/renders')).toHaveLength(1)
	expect(added()).toHaveLength(1)
	expect(added()[0].body).toMatchObject({ variation_count: 1 })
	const [first, second] = [rows.find((r) => !r.secondOpinionOf)!, rows.find((r) => r.secondOpinionOf)!]
	expect(second.secondOpinionOf).toBe(first.id)
	expect([first.state, second.state]).toEqual(['delivered', 'delivered'])
	expect(second.count).toBe(1)
	// Both answers' raw bytes are gone once delivered.
	for (const row of rows) expect(await storage().exists(`staging/${row.id}/raw-0`)).toBe(false)
})

test('of two flagged images the better stays: a window painted out beats a room that cannot be matched', async () => {
	vsai.reset()
	const { variations, vendorIds } = await stageWith([staged, staged, windowPaintedOut, anotherRoom])
	expect(variations.map((v) => v.roomCheck)).toEqual(['ok', 'ok', 'check'])
	expect(variations[2].variationId).toBe(vendorIds[2])
	// A second opinion never asks for a third.
	expect(added()).toHaveLength(1)
})

test('an answer that is no image of the room is asked for again rather than failing its slot', async () => {
	vsai.reset()
	const { variations, vendorIds } = await stageWith([staged, oneColour, staged, staged])
	expect(variations.map((v) => [v.status, v.roomCheck])).toEqual(Array(3).fill(['completed', 'ok']))
	expect(variations[1].variationId).toBe(vendorIds[3])
})

test('a second opinion the vendor refuses leaves the first answer as it was: delivered, flagged, never lost', async () => {
	vsai.reset()
	server.use(
		http.post(`${vsai.baseUrl}/renders/:renderId/variations`, () =>
			HttpResponse.json({ message: 'Validation error' }, { status: 400 }),
		),
	)
	const { variations, rows, vendorIds } = await stageWith([staged, staged, windowPaintedOut])
	expect(variations.map((v) => [v.status, v.roomCheck])).toEqual([
		['completed', 'ok'],
		['completed', 'ok'],
		['completed', 'check'],
	])
	expect(variations[2].variationId).toBe(vendorIds[2])
	expect(rows.map((r) => r.state).sort()).toEqual(['delivered', 'failed'])
	for (const row of rows) expect(await storage().exists(`staging/${row.id}/raw-0`)).toBe(false)
})

test("the operations dashboard counts the images asked for again, beside the agents' answers", async () => {
	const { roomChecks } = await stagingProviderHealth({ from: startedAt, to: new Date(Date.now() + 60_000) })
	// One in each test above but the last, which the vendor refused: it made nothing, so no model rendered it.
	expect(roomChecks).toEqual([expect.objectContaining({ provider: 'virtual-staging-ai', askedAgain: 3 })])
})
