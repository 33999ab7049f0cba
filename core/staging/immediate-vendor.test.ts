import sharp from 'sharp'
import { expect, test, vi } from 'vitest'

await vi.hoisted(() => import('#tests/mocks/gemini-api.ts').then((m) => m.useGeminiApiSettings()))

import { eq } from 'drizzle-orm'
import { stagingRenders } from '#db/schema/staging.ts'
import { db } from '#core/platform/db.ts'
import { readBytes, storage } from '#core/platform/storage.ts'
import { GEMINI_DEFAULT_MODEL } from '#core/render/providers/gemini.ts'
import { processRoom, remodelRoom } from '#core/studio/process-room.ts'
import { createGeminiApi } from '#tests/mocks/gemini-api.ts'
import { stagedAnswer } from '#tests/mocks/staged-answer.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { settleJobs } from '#tests/jobs.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'
import { createTransformation, getTransformation } from '#core/transformations/transformations.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { outboxMessages } from '#tests/outbox.ts'
import { smallRoomPhoto, withTempFile } from '#tests/studio.ts'
import { storeRawImages } from './images.ts'

// The pipeline with an immediate vendor: the real @google/genai SDK against the msw model of Gemini's API.
const api = createGeminiApi()
serveVendorModel(api)

const bytesOf = async (key: string | null) => (await readBytes(key!))!

test('every staged image lines up with its photo, and each row says who made it, with what, and what it cost', async () => {
	// A 3:2 photo: Gemini answers at its nearest ratio and ~1 MP, and the pipeline fits it back.
	const { actor, room } = await roomWithPhoto({ width: 900, height: 600 })
	await processRoom(actor, room.id, { styles: ['modern', 'luxury'] })
	await settleJobs()

	const variations = await variationsOf(room.id)
	expect(variations).toHaveLength(6)
	for (const v of variations) {
		expect(v).toMatchObject({
			status: 'completed',
			provider: 'gemini',
			model: GEMINI_DEFAULT_MODEL,
			errorMessage: null,
		})
		expect(v.costUsdMicros).toBeGreaterThan(0)
		expect(await sharp(await bytesOf(v.imageUrl!)).metadata()).toMatchObject({
			format: 'jpeg',
			width: 900,
			height: 600,
		})
		expect(await sharp(await bytesOf(v.thumbnailUrl!)).metadata()).toMatchObject({ width: 400, height: 267 })
	}
	// One call per image (Gemini answers one image a call), none repeated.
	expect(api.generateCalls()).toHaveLength(6)
	const rows = await stagingRowsOf(room.id)
	expect(rows.map((r) => [r.state, r.receivedCount])).toEqual([
		['delivered', 3],
		['delivered', 3],
	])
	// The vendor's raw answers are gone once delivered.
	for (const row of rows) expect(await storage().exists(`staging/${row.id}/raw-0`)).toBe(false)
})

test('a 429 storm longer than a call retries alone is waited out by the pipeline: nothing fails, and the waits are counted', async () => {
	const { actor, room } = await roomWithPhoto()
	// Each image call retries its own 429s three times (core/render/per-call.ts): ten refusals outlast
	// one of the three calls, and the render goes back to the pipeline to wait.
	api.rateLimit(10, null)
	await processRoom(actor, room.id, { styles: ['industrial'] })
	await settleJobs()
	expect((await variationsOf(room.id)).map((v) => v.status)).toEqual(['completed', 'completed', 'completed'])
	const [row] = await stagingRowsOf(room.id)
	expect(row.busyCount).toBeGreaterThanOrEqual(1)
	expect(row.state).toBe('delivered')
})

test('an answer that arrived is never asked for again: a retry from "received" delivers the stored images', async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['coastal'] })
	const [row] = await stagingRowsOf(room.id)
	// As a process killed right after storing the vendor's answer leaves it: the photo, staged.
	const answer = await stagedAnswer(await makeRoomPhoto({ width: 640, height: 480 }), { width: 1184, height: 864 })
	await storeRawImages(row.id, [{ bytes: answer }, { bytes: answer }, { bytes: answer }])
	await db
		.update(stagingRenders)
		.set({ state: 'received', receivedCount: 3, model: 'm', costUsdMicros: 300 })
		.where(eq(stagingRenders.id, row.id))

	await settleJobs()
	expect(api.generateCalls()).toHaveLength(0)
	const variations = await variationsOf(room.id)
	expect(variations.map((v) => [v.status, v.costUsdMicros])).toEqual([
		['completed', 100],
		['completed', 100],
		['completed', 100],
	])
	expect(await sharp(await bytesOf(variations[0].imageUrl!)).metadata()).toMatchObject({ width: 640, height: 480 })
})

test("a vendor's final refusal fails that style's slots with its message, and the room settles", async () => {
	const { actor, room } = await roomWithPhoto()
	api.blockPrompt()
	await processRoom(actor, room.id, { styles: ['farmhouse'] })
	await settleJobs()
	const variations = await variationsOf(room.id)
	expect(variations.map((v) => v.status)).toEqual(['failed', 'failed', 'failed'])
	expect(variations[0].errorMessage).toMatch(/^Gemini returned no image: the prompt was blocked \(PROHIBITED_CONTENT/)
	const [row] = await stagingRowsOf(room.id)
	expect(row).toMatchObject({ state: 'failed', errorMessage: variations[0].errorMessage })

	// Processed again once the vendor answers: the same slots are asked for anew and filled.
	api.reset()
	expect(await processRoom(actor, room.id, { styles: ['farmhouse'] })).toMatchObject({ queued: 3 })
	await settleJobs()
	expect((await variationsOf(room.id)).map((v) => [v.variationIndex, v.status])).toEqual([
		[0, 'completed'],
		[1, 'completed'],
		[2, 'completed'],
	])
	expect((await stagingRowsOf(room.id)).map((r) => r.state)).toEqual(['delivered'])
})

test('a remodel is one more image, asked for on its own', async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['scandinavian'], variationCount: 1 })
	await settleJobs()
	await remodelRoom(actor, room.id, { style: 'scandinavian' })
	await settleJobs()
	const variations = await variationsOf(room.id)
	expect(variations.map((v) => [v.generationNumber, v.status])).toEqual([
		[1, 'completed'],
		[2, 'completed'],
	])
	expect(api.generateCalls()).toHaveLength(2)
})

test('a quick transform goes through the vendor too, and what the vendor made is not called a preview', async () => {
	const user = await insertUser()
	const actor = actorFor(user)
	const created = await withTempFile(await smallRoomPhoto(), (file) =>
		createTransformation(actor, { style: 'modern', areas: '["kitchen"]', emailResults: 'true', email: '' }, file),
	)
	await settleJobs()
	const done = await getTransformation(actor, created.id)
	expect(done).toMatchObject({ status: 'completed', isPreview: false })
	expect(done.results).toMatchObject([{ area: 'kitchen', status: 'completed', isPreview: false }])
	expect(api.generateCalls()).toHaveLength(1)
	const mail = outboxMessages().find(
		(m) => m.subject === 'Your Rendo transformation is ready' && m.to.includes(user.email),
	)
	expect(mail?.body).toContain('rendo-modern-kitchen.jpg')
	expect(mail?.body).not.toContain('Preview, not staged')
})

test('empty the room: furniture removed and nothing added, asked of the vendor as such, shown as its own choice', async () => {
	const { actor, room } = await roomWithPhoto({ hasFurniture: false })
	await processRoom(actor, room.id, { styles: ['empty'] })
	await settleJobs()
	const [row] = await stagingRowsOf(room.id)
	expect(row).toMatchObject({ style: null, removeFurniture: true, state: 'delivered' })
	const prompts = api.generateCalls().map((call) => call.prompt ?? '')
	expect(prompts).toHaveLength(3)
	for (const prompt of prompts) {
		expect(prompt).toContain('Remove all the furniture')
		expect(prompt).toContain('Add nothing')
	}
	expect((await variationsOf(room.id)).map((v) => [v.style, v.status])).toEqual([
		['empty', 'completed'],
		['empty', 'completed'],
		['empty', 'completed'],
	])
})
