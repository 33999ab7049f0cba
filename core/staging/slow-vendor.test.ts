import { expect, test, vi } from 'vitest'

// Four of the vendor's slots; the vendor answers 429 above 4 renders of 3 variations in progress.
await vi.hoisted(() =>
	import('#tests/mocks/virtual-staging-ai-model.ts').then((m) =>
		m.useVirtualStagingAiModelSettings({ RENDER_CONCURRENCY: '4' }),
	),
)

// Counts the photos read from storage: only a request that holds a vendor slot reads its photo.
vi.mock('./images.ts', async (original) => {
	const images = await original<typeof import('./images.ts')>()
	return { ...images, readPhoto: vi.fn(images.readPhoto) }
})

import { pool } from '#core/platform/db.ts'
import { processRoom } from '#core/studio/process-room.ts'
import { createVirtualStagingAiModel } from '#tests/mocks/virtual-staging-ai-model.ts'
import { readPhoto } from './images.ts'
import { STAGE_TASK } from './request.ts'
import { drainJobs } from '#tests/jobs.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { anotherView, roomWithPhoto } from '#tests/staging.ts'

// Issue 38: the vendor slow (a minute a render) with 60 rooms queued. What keeps a worker's memory
// flat whatever the queue: a render waiting (for a slot, or for the vendor) is a row and a job
// scheduled for later, not a job running with its photo in hand; photos are read only by the few
// that hold a slot, and the vendor never has more than RENDER_CONCURRENCY of them.
const ROOMS = 60
const SLOTS = 4
const vsai = createVirtualStagingAiModel({ latencyMs: 60_000, concurrencyCap: SLOTS * 3 })
serveVendorModel(vsai)

/** The requests by state, and their stage jobs: how many run now, how many wait for later. */
async function queue() {
	const { rows } = await pool.query<{ state: string; n: number; sent: number; running: number; later: number }>(
		`select r.state, count(*)::int as n, count(r.submit_started_at)::int as sent,
			count(j.locked_at)::int as running, count(*) filter (where j.run_at > now())::int as later
		from staging_renders r left join graphile_worker.jobs j on j.key = 'stage:' || r.id
		group by r.state`,
	)
	return Object.fromEntries(rows.map(({ state, ...counts }) => [state, counts]))
}

/** The vendor finishes every render it holds, as a slow vendor does in the end. */
function vendorFinishes() {
	for (const render of vsai.renders.values()) for (const v of render.variations) v.doneAt = Date.now()
}

test('60 rooms queued at a slow vendor: 4 renders at the vendor at a time, the rest wait as rows with no job running and their photos unread', async () => {
	const { actor, room } = await roomWithPhoto()
	const rooms = [
		room,
		...(await Promise.all(Array.from({ length: ROOMS - 1 }, (_, seed) => anotherView(room, { seed })))),
	]
	for (const { id } of rooms) await processRoom(actor, id, { styles: ['modern'], bulk: true })

	await drainJobs()
	expect(vsai.state.creates).toBe(SLOTS)
	expect(readPhoto).toHaveBeenCalledTimes(SLOTS)
	expect(await queue()).toEqual({
		submitted: { n: SLOTS, sent: SLOTS, running: 0, later: SLOTS },
		queued: { n: ROOMS - SLOTS, sent: 0, running: 0, later: ROOMS - SLOTS },
	})

	// The vendor finishes those four: each slot freed goes to the next room waiting, and no more.
	vendorFinishes()
	await pool.query(
		"select graphile_worker.reschedule_jobs(array(select j.id from graphile_worker.jobs j join staging_renders r on j.key = 'stage:' || r.id where r.state = 'submitted'), run_at => now())",
	)
	// Only the vendor's pool: the images received wait for the CPU pool, which is not what is measured.
	await drainJobs({ only: [STAGE_TASK] })
	expect(vsai.state.creates).toBe(2 * SLOTS)
	expect(readPhoto).toHaveBeenCalledTimes(2 * SLOTS)
	expect(await queue()).toMatchObject({
		received: { n: SLOTS },
		submitted: { n: SLOTS, sent: SLOTS, running: 0, later: SLOTS },
		queued: { n: ROOMS - 2 * SLOTS, sent: 0, running: 0, later: ROOMS - 2 * SLOTS },
	})
	// Never above its cap: the vendor answered no 429.
	expect(vsai.state.tooMany).toBe(0)
})
