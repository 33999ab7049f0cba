/**
 * The staging pipeline against a remote vendor, on this machine: the real server (embedded
 * PostgreSQL, inline graphile-worker) with RENDER_PROVIDER=virtual-staging-ai pointed at the
 * model of Virtual Staging AI's API on loopback (tests/mocks/virtual-staging-ai-model.ts), which
 * finishes every render LATENCY_MS after it was asked for and answers 429 above CAP renders in
 * progress. 10 rooms × 3 styles × 3 variations: 30 renders of 3. Real renders take 30-60 s; the
 * default 10 s (BENCH_VENDOR_LATENCY_MS) keeps the run short while the fitting of 90 images (about
 * 80 ms of CPU each here) still overlaps the waiting as it would in production.
 *
 * The vendor alone bounds it at ceil(renders / cap) × latency; the figure is wall time (first
 * process call → last variation stored) over that bound, with peak RSS, 429s and waits.
 */
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { serveModel, VSAI_TEST_KEY } from '#tests/mocks/virtual-staging-ai-model.ts'
import { memoryOf, resetPeakMemory, startAppServer } from './app-server.ts'
import { signUp } from '#tests/studio-client.ts'

const ROOMS = 10
const STYLES = ['modern', 'luxury', 'scandinavian']
const LATENCY_MS = Number(process.env.BENCH_VENDOR_LATENCY_MS ?? 10_000)
const CAP = 10
const POLL_MS = 100

const vendor = await serveModel({
	latencyMs: LATENCY_MS,
	concurrencyCap: CAP * 3,
	outputSize: { width: 1536, height: 1024 },
})
const port = 3400 + Math.floor(Math.random() * 500) * 2
const server = await startAppServer({
	port,
	env: {
		RENDER_PROVIDER: 'virtual-staging-ai',
		RENDER_API_KEY: VSAI_TEST_KEY,
		RENDER_API_URL: vendor.baseUrl,
		RENDER_CONCURRENCY: String(CAP),
		RENDER_POLL_INTERVAL_MS: String(Math.round(LATENCY_MS / 10)),
	},
})
const results: Array<[string, string, string]> = []
const report = (name: string, value: string, target = '') => {
	results.push([name, value, target])
	console.log(`${name}: ${value}${target ? `  (${target})` : ''}`)
}
try {
	const client = await signUp(server.url)
	const project = await client.createProject('30 Vendor Row')
	const photo = await makeRoomPhoto({ width: 2400, height: 1800 })
	const rooms = []
	for (let i = 0; i < ROOMS; i++) rooms.push((await client.upload(project.id, photo)).roomId)
	await new Promise((r) => setTimeout(r, 500))
	resetPeakMemory(server.pid)
	const before = memoryOf(server.pid).rss

	const started = performance.now()
	await Promise.all(rooms.flatMap((roomId) => STYLES.map((style) => client.process(roomId, style))))
	const expected = ROOMS * STYLES.length * 3
	for (;;) {
		const variations = await client.variations(project.id)
		if (variations.length >= expected && variations.every((v) => v.status !== 'pending')) {
			const failed = variations.filter((v) => v.status !== 'completed').length
			if (failed) throw new Error(`${failed} variations failed`)
			break
		}
		await new Promise((r) => setTimeout(r, POLL_MS))
	}
	const wallMs = performance.now() - started
	const renders = ROOMS * STYLES.length
	// The vendor's cap counts variations in progress (3 a render): CAP renders at a time.
	const boundMs = Math.ceil(renders / CAP) * LATENCY_MS
	report(
		`${renders} renders × 3 variations, vendor latency ${LATENCY_MS / 1000} s, ${CAP} renders at a time`,
		`${(wallMs / 1000).toFixed(2)} s`,
	)
	report('provider-bound limit, ceil(renders / cap) × latency', `${(boundMs / 1000).toFixed(2)} s`)
	report('wall time / provider-bound limit', (wallMs / boundMs).toFixed(2), 'target ≤ 1.25')
	report('peak RSS growth of the web process', `${(memoryOf(server.pid).peak - before).toFixed(1)} MB`)
	report('creates the vendor saw', String(vendor.model.state.creates), `exactly ${renders}`)
	report('429s the vendor answered (each waited out, none failed)', String(vendor.model.state.tooMany))
} finally {
	await server.stop()
	await vendor.close()
}

console.log('\n| figure | value | target |\n|---|---|---|')
for (const [name, value, target] of results) console.log(`| ${name} | ${value} | ${target.replace('target ', '')} |`)
