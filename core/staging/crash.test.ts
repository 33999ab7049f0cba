import { afterAll, expect, test } from 'vitest'
import { stagingRenders } from '#db/schema/staging.ts'
import { db, pool } from '#core/platform/db.ts'
import { processRoom } from '#core/studio/process-room.ts'
import { serveModel, VSAI_TEST_KEY } from '#tests/mocks/virtual-staging-ai-model.ts'
import { kill, startWorker } from '#tests/killed-workers.ts'
import { sleep, until } from '#tests/until.ts'
import { rendersAndJobsLeft } from '#tests/jobs-left.ts'
import { byVariation, livingRoomPhoto, staged, windowPaintedOut } from '#tests/room-check-answers.ts'
import { allDelivered, roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'

// kill -9 in the middle of paid renders: the vendor (a model of Virtual Staging AI's API on
// loopback) has accepted a render, the worker has not yet heard its id. Whatever process takes the
// job back must adopt that render, never create another: one create per room and style.
const vendor = await serveModel({ latencyMs: 300 })
afterAll(() => vendor.close())

/** A worker process at the vendor model. */
const startVsaiWorker = (env: Record<string, string> = {}) =>
	startWorker({
		RENDER_PROVIDER: 'virtual-staging-ai',
		RENDER_API_KEY: VSAI_TEST_KEY,
		RENDER_API_URL: vendor.baseUrl,
		RENDER_POLL_INTERVAL_MS: '200',
		...env,
	})

/**
 * For the tests of creates: the room check would segment 36 answers and 12 photos on each worker's
 * one segmentation thread, which on a loaded 2-core machine outlasted the wait (CI saw it). Kills
 * in the middle of the check are the last test's, which keeps it on.
 */
const NO_ROOM_CHECK = { ROOM_CHECK: 'off' }

/** Until the worker just started asks the vendor anything: it is up, and the kill can land mid-work. */
async function untilAsked() {
	const before = vendor.model.requests.length
	await until('the vendor to be asked', async () => vendor.model.requests.length > before || undefined, 30_000)
}

/**
 * Rooms of a few types, all processed in one style: many requests the vendor shows alike. The
 * vendor starts empty and holds each answer a moment after making the render, so kills often land
 * in between.
 */
async function sameStyleRoomsAtAFreshVendor(count: number) {
	await db.delete(stagingRenders)
	vendor.model.reset()
	vendor.model.state.answerDelayMs = 300
	const roomTypes = ['living', 'bedroom', 'kitchen']
	const rooms = []
	for (let i = 0; i < count; i++) {
		const { actor, room } = await roomWithPhoto({ roomType: roomTypes[i % roomTypes.length] })
		await processRoom(actor, room.id, { styles: ['modern'] })
		rooms.push(room)
	}
	return rooms
}

/** Until every variation of the rooms is stored; if never, the error says which jobs were left and why. */
const untilDelivered = (roomIds: string[]) =>
	until('every variation to be stored', () => allDelivered(roomIds), 120_000, {
		explain: () => rendersAndJobsLeft(pool),
	})

/** Every request was created once at the vendor, and every vendor render belongs to one request. */
async function expectOneCreateEach(requests: number, context = '') {
	const rows = await db.select().from(stagingRenders)
	const ids = rows.map((row) => row.providerRenderId)
	expect(rows.map((row) => row.state)).toEqual(rows.map(() => 'delivered'))
	expect(new Set(ids).size).toBe(requests)
	expect(vendor.model.state.creates, context).toBe(requests)
	expect([...vendor.model.renders.keys()].sort()).toEqual([...ids].sort())
}

/** The pools holding jobs now, and later how many jobs those pools still hold. */
async function poolsHoldingJobs() {
	const { rows } = await pool.query<{ pool: string }>(
		'select distinct locked_by as pool from graphile_worker.jobs where locked_by is not null',
	)
	return rows.map((row) => row.pool)
}

async function jobsHeldBy(pools: string[]) {
	const { rows } = await pool.query<{ count: number }>(
		'select count(*)::int as count from graphile_worker.jobs where locked_by = any($1::text[])',
		[pools],
	)
	return rows[0].count
}

test('kill -9 between "the vendor accepted" and "stored": one create per room and style, taken over in seconds', async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['modern', 'luxury'] })
	// The vendor makes each render at once but holds its answer: the worker dies in between.
	vendor.model.state.answerDelayMs = 10_000

	// The production staleness window: the takeover is measured as it would be in production.
	const first = startVsaiWorker()
	await until('the vendor to accept both renders', async () => vendor.model.state.creates === 2, 30_000)
	const killedPools = await poolsHoldingJobs()
	await kill(first)
	const killedAt = Date.now()
	expect((await stagingRowsOf(room.id)).map((row) => [row.state, row.providerRenderId])).toEqual([
		['submitting', null],
		['submitting', null],
	])

	vendor.model.state.answerDelayMs = 0
	const second = startVsaiWorker()
	const takeoverMs = await until(
		"the killed worker's jobs to be taken over",
		async () => (await jobsHeldBy(killedPools)) === 0 && Date.now() - killedAt,
		60_000,
	)
	await untilDelivered([room.id])
	second.kill('SIGINT')

	expect(vendor.model.requests.filter((r) => r.method === 'POST').length).toBe(2)
	const variations = await variationsOf(room.id)
	expect(variations).toHaveLength(6)
	expect(new Set(variations.map((v) => v.renderId)).size).toBe(2)
	await expectOneCreateEach(2)
	// The 6 s window, a beat and a poll, with the new worker's start inside them: 7–8 s on a quiet machine (the
	// goal is 10 s). Timing goals live in benchmarks; this bound only catches a window that grew back (it was
	// 30 s), whatever the machine's load.
	console.info(`takeover after a kill: ${(takeoverMs / 1000).toFixed(1)} s`)
	expect(killedPools.length).toBeGreaterThan(0)
	expect(takeoverMs).toBeLessThan(20_000)
}, 240_000)

test('12 rooms in one style, the worker killed at random moments 6 times: never a second create', async () => {
	const rooms = await sameStyleRoomsAtAFreshVendor(12)
	const kills = []
	for (let i = 0; i < 6; i++) {
		const worker = startVsaiWorker({ ...NO_ROOM_CHECK, JOB_STALE_AFTER_MS: '1000' })
		await untilAsked()
		const delay = Math.round(Math.random() * 600)
		await sleep(delay)
		kills.push({ creates: vendor.model.state.creates, delay })
		await kill(worker)
	}
	const last = startVsaiWorker({ ...NO_ROOM_CHECK, JOB_STALE_AFTER_MS: '1000' })
	await untilDelivered(rooms.map((r) => r.id))
	last.kill('SIGINT')
	await expectOneCreateEach(12, `kills: ${JSON.stringify(kills)}`)
}, 240_000)

test('two worker processes, one killed 3 times mid-run: never a second create', async () => {
	const rooms = await sameStyleRoomsAtAFreshVendor(12)
	// The production window: with a tight one, a worker still loading its modules could look dead to the other.
	const survivor = startVsaiWorker(NO_ROOM_CHECK)
	for (let i = 0; i < 3; i++) {
		const victim = startVsaiWorker(NO_ROOM_CHECK)
		await untilAsked()
		await sleep(Math.round(Math.random() * 600))
		await kill(victim)
	}
	await untilDelivered(rooms.map((r) => r.id))
	survivor.kill('SIGINT')
	await expectOneCreateEach(12)
}, 240_000)

test('a live worker busy with CPU work keeps its jobs: nothing is taken from it while another worker sweeps', async () => {
	await db.delete(stagingRenders)
	// Jobs the workers killed above left locked: handed back now, so any take-over below is of a live worker's.
	await pool.query(
		'select graphile_worker.force_unlock_workers(array(select distinct locked_by from graphile_worker.jobs where locked_by is not null))',
	)
	const rooms: Array<{ id: string }> = []
	for (let i = 0; i < 2; i++) {
		// 6-megapixel photos, staged by the local preview: decoding, grading and fitting keep both cores busy.
		const { actor, room } = await roomWithPhoto({ width: 3000, height: 2000 })
		await processRoom(actor, room.id, { styles: ['modern'] })
		rooms.push(room)
	}
	// A tight window: a beat held up 1.5 s by work on the event loop would hand its jobs to the other worker.
	const env = { RENDER_PROVIDER: 'local', JOB_STALE_AFTER_MS: '1500', LOG_LEVEL: 'warn' }
	const workers = [startWorker(env), startWorker(env)]
	const logs = workers.map((worker) => {
		const lines: string[] = []
		worker.stdout?.on('data', (chunk) => lines.push(String(chunk)))
		return lines
	})
	await untilDelivered(rooms.map((r) => r.id))
	for (const worker of workers) worker.kill('SIGINT')
	expect(logs.flat().join('')).not.toContain('unlocked the jobs')
	expect((await Promise.all(rooms.map((r) => variationsOf(r.id)))).flat()).toHaveLength(6)
}, 180_000)

test('ROOM_CHECK=replace, the worker killed at random moments 4 times: each flagged image asked for again exactly once', async () => {
	await db.delete(stagingRenders)
	vendor.model.reset()
	// Each render's third image has a window painted out; the image added to the render after it is staged as it should be.
	vendor.model.state.answer = byVariation([staged, staged, windowPaintedOut, staged])
	const photo = await livingRoomPhoto()
	const rooms: Array<{ id: string }> = []
	for (let i = 0; i < 3; i++) {
		const { actor, room } = await roomWithPhoto({ photo })
		await processRoom(actor, room.id, { styles: ['modern'] })
		rooms.push(room)
	}
	const env = { ROOM_CHECK: 'replace', JOB_STALE_AFTER_MS: '1000' }
	for (let i = 0; i < 4; i++) {
		const worker = startVsaiWorker(env)
		await untilAsked()
		await sleep(Math.round(Math.random() * 1500))
		await kill(worker)
	}
	const last = startVsaiWorker(env)
	await untilDelivered(rooms.map((r) => r.id))
	last.kill('SIGINT')

	const added = vendor.model.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/variations'))
	expect(vendor.model.state.creates).toBe(3)
	expect(added).toHaveLength(3)
	const rows = await db.select().from(stagingRenders)
	expect(rows.filter((row) => row.secondOpinionOf)).toHaveLength(3)
	for (const room of rooms) {
		const variations = await variationsOf(room.id)
		expect(variations.map((v) => v.roomCheck)).toEqual(['ok', 'ok', 'ok'])
	}
}, 240_000)
