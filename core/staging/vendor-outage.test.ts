import { afterAll, beforeEach, expect, test } from 'vitest'
import { stagingRenders } from '#db/schema/staging.ts'
import { db } from '#core/platform/db.ts'
import { processRoom } from '#core/studio/process-room.ts'
import { kill, startWorker } from '#tests/killed-workers.ts'
import { sleep, until } from '#tests/until.ts'
import { serveModel, VSAI_TEST_KEY } from '#tests/mocks/virtual-staging-ai-model.ts'
import { allDelivered, roomWithPhoto } from '#tests/staging.ts'

// The vendor down (answering 503, or never answering) with renders queued, and a worker process at
// it: the worker's circuit breaker bounds the calls it makes meanwhile, nothing fails or is paid
// twice, and every render is delivered once the vendor answers again.
const vendor = await serveModel({ latencyMs: 300 })
afterAll(() => vendor.close())

const PROBE_MS = 1_000
/** Passing failures in a row that open the circuit (core/render/circuit-breaker.ts). */
const THRESHOLD = 5

const startVsaiWorker = (env: Record<string, string> = {}) =>
	startWorker({
		RENDER_PROVIDER: 'virtual-staging-ai',
		RENDER_API_KEY: VSAI_TEST_KEY,
		RENDER_API_URL: vendor.baseUrl,
		RENDER_POLL_INTERVAL_MS: '200',
		RENDER_RETRY_BASE_MS: '200',
		RENDER_CIRCUIT_PROBE_MS: String(PROBE_MS),
		...env,
	})

beforeEach(async () => {
	await db.delete(stagingRenders)
	vendor.model.reset()
})

/** Rooms of three types, each asked for in `styles`: requests the vendor tells apart, all queued at once. */
async function roomsQueued(styles: Array<'modern' | 'luxury'>) {
	const rooms = []
	for (const roomType of ['living', 'bedroom', 'kitchen']) {
		const { actor, room } = await roomWithPhoto({ roomType })
		await processRoom(actor, room.id, { styles })
		rooms.push(room)
	}
	return rooms
}

/** Every request delivered, each made once at the vendor, and every vendor render one request's. */
async function expectEachCreatedOnce() {
	const rows = await db.select().from(stagingRenders)
	expect(rows.map((row) => row.state)).toEqual(rows.map(() => 'delivered'))
	expect(vendor.model.state.creates).toBe(rows.length)
	expect([...vendor.model.renders.keys()].sort()).toEqual(rows.map((row) => row.providerRenderId).sort())
}

test('the vendor answering 503 for 6 s with 6 renders queued: a bounded number of calls meanwhile, then all delivered, each created once', async () => {
	vendor.model.outage(503)
	const rooms = await roomsQueued(['modern', 'luxury'])
	const worker = startVsaiWorker()
	await until('the worker to call the vendor', async () => vendor.model.state.callsDuringOutage > 0, 30_000)
	const windowMs = 6_000
	await sleep(windowMs)
	const calls = vendor.model.state.callsDuringOutage
	vendor.model.outage(null)
	const cleared = Date.now()
	await until('every render to be delivered', () => allDelivered(rooms.map((room) => room.id)), 60_000)
	await kill(worker)
	const finished = (await db.select().from(stagingRenders)).map((row) => (row.finishedAt!.getTime() - cleared) / 1000)
	console.info(
		`delivered after the outage: ${finished
			.sort((a, b) => a - b)
			.map((s) => s.toFixed(1))
			.join(', ')} s`,
	)

	// Before it opens: the failures that open it, and at most one call each from the renders already
	// at the vendor; then one probe a second. Without it, each render retried on its own: 6 renders
	// retrying every 0.1–1.6 s and again after each job retry made ~70 calls in such a window.
	console.info(`vendor calls during a ${windowMs / 1000} s outage: ${calls}`)
	expect(calls).toBeLessThanOrEqual(THRESHOLD + 6 + Math.ceil(windowMs / PROBE_MS) + 1)
	await expectEachCreatedOnce()
}, 90_000)

test('the vendor never answering for 4 s: each call times out and is asked again, and every render is delivered, created once', async () => {
	vendor.model.outage('hang')
	const rooms = await roomsQueued(['modern'])
	const worker = startVsaiWorker({ RENDER_TIMEOUT_MS: '1000' })
	// Each create is made at the vendor, its answer never comes: the worker must find it, not make another.
	await until('the worker to send its creates', async () => vendor.model.state.creates === 3, 30_000)
	await sleep(4_000)
	vendor.model.outage(null)
	await until('every render to be delivered', () => allDelivered(rooms.map((room) => room.id)), 60_000)
	await kill(worker)

	expect(vendor.model.requests.filter((r) => r.method === 'POST')).toHaveLength(3)
	await expectEachCreatedOnce()
}, 90_000)
