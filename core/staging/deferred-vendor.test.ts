import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { expect, test, vi } from 'vitest'

// Looks at the vendor are a minute apart: each test brings them forward itself (settleJobs).
await vi.hoisted(() =>
	import('#tests/mocks/virtual-staging-ai-model.ts').then((m) =>
		m.useVirtualStagingAiModelSettings({ RENDER_CONCURRENCY: '4' }),
	),
)

import { setTimeout as sleep } from 'node:timers/promises'
import { stagingRenders } from '#db/schema/staging.ts'
import { db, pool } from '#core/platform/db.ts'
import { readBytes } from '#core/platform/storage.ts'
import { stagingProvider } from '#core/platform/staging-provider.ts'
import { processRoom, remodelRoom } from '#core/studio/process-room.ts'
import { STAGE_TASK } from './request.ts'
import { studioPurpose } from '#core/studio/render-variations.ts'
import { createVirtualStagingAiModel } from '#tests/mocks/virtual-staging-ai-model.ts'
import { drainJobs, runJobNow, settleJobs } from '#tests/jobs.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'
import type { FittedImage } from './fit.ts'
import { stagingWebhook } from './webhook.ts'

// The pipeline with a deferred vendor: our adapter against the model of Virtual Staging AI's v2 API.
const vsai = createVirtualStagingAiModel()
const server = serveVendorModel(vsai)

const posts = (path: string) => vsai.requests.filter((r) => r.method === 'POST' && r.path === path)

// The file's first checks: the segmentation thread starts here, and six answers and a photo are segmented in turn.
test('one render per room and style with variation_count 3; images fitted to the photo; ids and model recorded', {
	timeout: 60_000,
}, async () => {
	const { actor, room } = await roomWithPhoto({ width: 800, height: 600, hasFurniture: true })
	await processRoom(actor, room.id, { styles: ['modern', 'industrial'] })
	await settleJobs()

	expect(vsai.state.creates).toBe(2)
	expect(posts('/renders').map((r) => r.body)).toEqual(
		['modern', 'industrial'].map((style) => ({
			config: { type: 'staging', add_furniture: { room_type: 'living', style }, remove_furniture: { mode: 'on' } },
			image_url: expect.stringMatching(/^data:image\/jpeg;base64,/),
			variation_count: 3,
			wait_for_completion: false,
		})),
	)
	const variations = await variationsOf(room.id)
	expect(variations).toHaveLength(6)
	for (const v of variations) {
		expect(v).toMatchObject({ status: 'completed', provider: 'virtual-staging-ai', model: 'virtual-staging-ai-v2' })
		expect(v.renderId).toMatch(/^rnd_/)
		expect(v.variationId).toMatch(/^var_/)
		// The vendor answered 1536×1024 (3:2); the photo is 4:3.
		expect(await sharp((await readBytes(v.imageUrl!))!).metadata()).toMatchObject({
			width: 800,
			height: 600,
			format: 'jpeg',
		})
	}
	expect(new Set(variations.map((v) => v.variationId)).size).toBe(6)
})

test('waiting holds no job: after the submit the job ends, and the next look is queued for later', async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['luxury'] })
	await drainJobs()
	const [row] = await stagingRowsOf(room.id)
	expect(row.state).toBe('submitted')
	expect(row.providerRenderId).toMatch(/^rnd_/)
	// This room's job only: an earlier test's render may still have a look queued.
	const { rows } = await pool.query<{ locked_at: Date | null; run_at: Date }>(
		"select locked_at, run_at from graphile_worker.jobs where task_identifier = 'stage_render' and key = $1",
		[`stage:${row.id}`],
	)
	expect(rows).toHaveLength(1)
	expect(rows[0].locked_at).toBeNull()
	expect(rows[0].run_at.getTime()).toBeGreaterThan(Date.now() + 30_000)
	await settleJobs()
	expect((await variationsOf(room.id)).every((v) => v.status === 'completed')).toBe(true)
})

test("an agent's render is looked at closely in its last second and delivered by the job that received it; an import's is not", async () => {
	// The same API, each render done 1.5 s after it was asked for.
	const slow = createVirtualStagingAiModel({ latencyMs: 1500 })
	server.use(...slow.handlers)
	const agent = await roomWithPhoto()
	const imported = await roomWithPhoto()
	await processRoom(agent.actor, agent.room.id, { styles: ['modern'] })
	await processRoom(imported.actor, imported.room.id, { styles: ['modern'], bulk: true })
	await drainJobs()
	const [agentRow] = await stagingRowsOf(agent.room.id)
	const [importRow] = await stagingRowsOf(imported.room.id)
	expect([agentRow.state, importRow.state]).toEqual(['submitted', 'submitted'])

	const lookNow = (row: typeof agentRow) => runJobNow(`stage:${row.id}`)
	const looks = (row: typeof agentRow) =>
		slow.requests.filter((r) => r.method === 'GET' && r.path.startsWith(`/renders/${row.providerRenderId}?`)).length
	const untilAfterSubmit = (row: typeof agentRow, ms: number) =>
		sleep(Math.max(0, row.submittedAt!.getTime() + ms - Date.now()))
	// Each look brought forward, and only the looks run. The import's job looks once, before the
	// answer, and queues its next look; the agent's, in the vendor's last second (ETA 1 s), keeps
	// looking until the answer is there, then fits and hands it over itself.
	const stageJobsOnly = { only: [STAGE_TASK] }
	await lookNow(importRow)
	await drainJobs(stageJobsOnly)
	expect((await stagingRowsOf(imported.room.id))[0].state).toBe('submitted')
	expect(looks(importRow)).toBe(1)
	await untilAfterSubmit(agentRow, 600)
	await lookNow(agentRow)
	await drainJobs(stageJobsOnly)
	expect((await stagingRowsOf(agent.room.id))[0].state).toBe('delivered')
	expect(looks(agentRow)).toBeGreaterThanOrEqual(2)
	expect((await variationsOf(agent.room.id)).map((v) => v.status)).toEqual(Array(3).fill('completed'))
	// The import's answer, once there, waits for the CPU pool.
	await untilAfterSubmit(importRow, 1600)
	await lookNow(importRow)
	await drainJobs(stageJobsOnly)
	expect((await stagingRowsOf(imported.room.id))[0].state).toBe('received')
	await settleJobs()
	expect((await variationsOf(imported.room.id)).every((v) => v.status === 'completed')).toBe(true)
})

test('a remodel adds variations to the same vendor render and takes only the new one', async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['coastal'] })
	await settleJobs()
	await remodelRoom(actor, room.id, { style: 'coastal' })
	await remodelRoom(actor, room.id, { style: 'coastal' })
	await settleJobs()

	expect(vsai.state.creates).toBe(1)
	expect(vsai.state.variationPosts).toBe(2)
	const variations = await variationsOf(room.id)
	expect(variations.map((v) => [v.generationNumber, v.status])).toEqual(
		expect.arrayContaining([
			[1, 'completed'],
			[2, 'completed'],
			[3, 'completed'],
		]),
	)
	expect(new Set(variations.map((v) => v.renderId)).size).toBe(1)
	expect(new Set(variations.map((v) => v.variationId)).size).toBe(5)
})

test('a 429 storm is waited out and never fails a render', async () => {
	const { actor, room } = await roomWithPhoto()
	vsai.state.failures.push(429, 429, 429, 429)
	await processRoom(actor, room.id, { styles: ['farmhouse', 'standard'] })
	await settleJobs()
	expect((await variationsOf(room.id)).map((v) => v.status)).toEqual(Array(6).fill('completed'))
	expect(vsai.state.creates).toBe(2)
	const rows = await stagingRowsOf(room.id)
	expect(rows.reduce((sum, r) => sum + r.busyCount, 0)).toBe(4)
})

test('a failed or cancelled render fails its slots with a clear message; an expired result link too', async () => {
	const failing = await roomWithPhoto()
	vsai.state.outcome = 'failed'
	await processRoom(failing.actor, failing.room.id, { styles: ['modern'] })
	await settleJobs()
	expect((await variationsOf(failing.room.id))[0].errorMessage).toBe(
		'The staging provider could not stage this photo: The photo could not be staged',
	)

	const cancelled = await roomWithPhoto()
	vsai.state.outcome = 'canceled'
	await processRoom(cancelled.actor, cancelled.room.id, { styles: ['modern'] })
	await settleJobs()
	expect((await variationsOf(cancelled.room.id))[0].errorMessage).toBe('The staging provider cancelled this render')

	const expired = await roomWithPhoto()
	vsai.state.outcome = 'completed'
	vsai.state.expireResults = true
	await processRoom(expired.actor, expired.room.id, { styles: ['modern'] })
	await settleJobs()
	expect((await variationsOf(expired.room.id)).map((v) => [v.status, v.errorMessage])).toEqual(
		Array(3).fill(['failed', "Virtual Staging AI's result link has expired or is gone (403)"]),
	)
})

test('a submit whose answer was lost is adopted from the vendor, not sent again', async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['scandinavian'] })
	const [row] = await stagingRowsOf(room.id)
	// As a worker killed after sending but before hearing the id leaves it: the vendor has the render.
	const provider = stagingProvider()
	if (provider.kind !== 'deferred') throw new Error('expected the deferred vendor')
	await provider.submit({
		image: Buffer.from('x'),
		width: 1,
		height: 1,
		roomType: 'living',
		style: 'scandinavian',
		removeFurniture: false,
		count: 3,
		firstIndex: 0,
	})
	await db
		.update(stagingRenders)
		.set({ state: 'submitting', submitStartedAt: new Date() })
		.where(eq(stagingRenders.id, row.id))

	await settleJobs()
	expect(vsai.state.creates).toBe(1)
	expect((await variationsOf(room.id)).map((v) => v.status)).toEqual(['completed', 'completed', 'completed'])
})

test('a webhook only wakes the waiting look; unknown ids and other bodies change nothing', async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['midcentury'] })
	await drainJobs()
	const [row] = await stagingRowsOf(room.id)
	expect(await stagingWebhook({ event_type: 'done', render_id: 'rnd_unknown' })).toBe(0)
	expect(await stagingWebhook({ hello: 'world' })).toBe(0)
	expect(await stagingWebhook({ event_type: 'done', render_id: row.providerRenderId })).toBe(1)
	// Woken means due now: one plain drain (no bringing forward) finishes it.
	await drainJobs()
	expect((await variationsOf(room.id)).every((v) => v.status === 'completed')).toBe(true)
})

test("an agent's first image is handed over as soon as it is fitted, ahead of the rest, and never fills a second slot; a bulk import's wait for the whole answer", async () => {
	const purpose = studioPurpose as Required<typeof studioPurpose>
	const handAhead = purpose.deliverAhead
	const { actor, room } = await roomWithPhoto()
	// What the gallery shows the moment the first image is in: it, and the other two still coming.
	let shownThen: string[] = []
	// In slot order: an updated row moves in the table, so a query without an order lists it last.
	const slotsOf = async (roomId: string) =>
		(await variationsOf(roomId)).sort((a, b) => a.variationIndex - b.variationIndex)
	const ahead = vi.spyOn(purpose, 'deliverAhead').mockImplementation(async (request, image) => {
		await handAhead(request, image)
		shownThen = (await slotsOf(room.id)).map((v) => v.status)
	})
	await processRoom(actor, room.id, { styles: ['scandinavian'] })
	await settleJobs()
	const [row] = await stagingRowsOf(room.id)
	expect(ahead).toHaveBeenCalledOnce()
	// Whichever image was fitted first (the threads race on a busy machine) fills the first slot, alone;
	// the whole answer then fills the others in the vendor's order.
	const aheadId = ahead.mock.calls[0][1].providerImageId!
	expect(row.providerImageIds).toContain(aheadId)
	expect(shownThen).toEqual(['completed', 'pending', 'pending'])
	const inSlots = [aheadId, ...row.providerImageIds.filter((id) => id !== aheadId)]
	const variations = await slotsOf(room.id)
	expect(variations.map((v) => [v.status, v.variationId])).toEqual(inSlots.map((id) => ['completed', id]))

	// As a retry after a crash between the two hand-overs: the whole answer again fills no slot twice.
	await studioPurpose.deliver(row, [ahead.mock.calls[0][1] as FittedImage], [])
	expect((await slotsOf(room.id)).map((v) => v.variationId)).toEqual(inSlots)

	ahead.mockClear()
	const imported = await roomWithPhoto()
	await processRoom(imported.actor, imported.room.id, { styles: ['scandinavian'], bulk: true })
	await settleJobs()
	expect(ahead).not.toHaveBeenCalled()
	expect((await variationsOf(imported.room.id)).every((v) => v.status === 'completed')).toBe(true)
	ahead.mockRestore()
})
