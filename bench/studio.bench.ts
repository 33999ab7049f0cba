/**
 * The studio's figures on this machine, against the real server (embedded
 * PostgreSQL, inline graphile-worker, local storage, local preview renderer).
 *  1. 10 uploads of ~10 MB at once: growth of the web process's peak RSS.
 *  2. 3 rooms × 2 styles × 3 variations of 12-MP photos: process call → first / last variation
 *     stored, variations per second, and the ratio to the same renders run bare through sharp
 *     (five runs of each, in turns, medians compared).
 *  3. GET .../variations of a 60-variation project, 50 clients (autocannon), beside a bare
 *     resource route serving the same JSON from memory.
 */
import os from 'node:os'
import autocannon from 'autocannon'
import sharp from 'sharp'
import { renderLocalPreview } from '#core/render/local-preview.ts'
import type { Style } from '#core/render/provider.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { memoryOf, resetPeakMemory, startAppServer } from './app-server.ts'
import { signUp } from '#tests/studio-client.ts'

const STYLES: Style[] = ['scandinavian', 'luxury']
const VARIATIONS = 3
const CONCURRENCY = os.availableParallelism()
const UPLOAD_CAP = 10 * 1024 * 1024
const RUNS = 5
// Timings are as fine as this; each poll also costs the machine a request, which a gallery open
// on a phone (polling every 2-3 s) does not.
const POLL_MS = 50

const results: Array<[string, string, string]> = []
const report = (name: string, value: string, target = '') => {
	results.push([name, value, target])
	console.log(`${name}: ${value}${target ? `  (${target})` : ''}`)
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** The largest room photo whose JPEG stays under the upload cap: the "10 MB upload". */
async function tenMegabytePhoto() {
	for (let width = 4800; ; width -= 100) {
		const photo = await makeRoomPhoto({ width, height: Math.round((width * 3) / 4), seed: 9 })
		const bytes = await sharp(photo).jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer()
		if (bytes.length < UPLOAD_CAP) return bytes
	}
}

async function bareRenders(photos: Buffer[]) {
	const jobs = photos.flatMap((image) =>
		STYLES.flatMap((style) =>
			Array.from({ length: VARIATIONS }, (_, variationIndex) => ({ image, style, variationIndex })),
		),
	)
	const started = performance.now()
	let next = 0
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (next < jobs.length) {
				const job = jobs[next++]
				await renderLocalPreview({ ...job })
			}
		}),
	)
	return performance.now() - started
}

async function untilSettled(
	client: Awaited<ReturnType<typeof signUp>>,
	projectId: string,
	expected: number,
	onFirst?: () => void,
) {
	for (;;) {
		const variations = await client.variations(projectId)
		const done = variations.filter((v) => v.status === 'completed').length
		if (done > 0) onFirst?.()
		if (variations.length >= expected && variations.every((v) => v.status !== 'pending')) return
		await sleep(POLL_MS)
	}
}

const photos = await Promise.all([1, 2, 3].map((seed) => makeRoomPhoto({ width: 4000, height: 3000, seed })))
const bigUpload = await tenMegabytePhoto()
const smallPhoto = await makeRoomPhoto({ width: 800, height: 600 })

const server = await startAppServer({ port: 3400 + Math.floor(Math.random() * 500) * 2 })
try {
	const client = await signUp(server.url)

	// 1. Memory while ten ~10 MB uploads arrive together.
	const memoryProject = await client.createProject('1 Memory Lane')
	await client.upload(memoryProject.id, smallPhoto) // warm the code paths first
	await sleep(500)
	resetPeakMemory(server.pid)
	const before = memoryOf(server.pid).rss
	await Promise.all(Array.from({ length: 10 }, () => client.upload(memoryProject.id, bigUpload)))
	const growth = memoryOf(server.pid).peak - before
	report(
		`peak RSS growth, 10 × ${(bigUpload.length / 1024 / 1024).toFixed(1)} MB uploads at once`,
		`${growth.toFixed(1)} MB`,
		'target < 64 MB',
	)

	// 2. The render pipeline against the same renders run bare, taken in turns: on two shared
	// cores one run of either varies by ±15%, so each figure is the median of RUNS.
	const bareRuns: number[] = []
	const firstRuns: number[] = []
	const pipelineRuns: number[] = []
	for (let run = 1; run <= RUNS; run++) {
		bareRuns.push(await bareRenders(photos))
		const project = await client.createProject(`${run} Bench Street`)
		const rooms = []
		for (const photo of photos) rooms.push((await client.upload(project.id, photo)).roomId)
		const started = performance.now()
		let firstMs = 0
		await Promise.all(rooms.flatMap((roomId) => STYLES.map((style) => client.process(roomId, style))))
		await untilSettled(client, project.id, 18, () => (firstMs ||= performance.now() - started))
		pipelineRuns.push(performance.now() - started)
		firstRuns.push(firstMs)
	}
	const bareMs = median(bareRuns)
	const pipelineMs = median(pipelineRuns)
	report(`bare sharp, 18 variations of 12 MP (median of ${RUNS})`, `${(bareMs / 1000).toFixed(2)} s`)
	report('process call → first variation stored', `${(median(firstRuns) / 1000).toFixed(2)} s`, 'target ≤ 3 s')
	report(`process call → last of 18 variations stored (median of ${RUNS})`, `${(pipelineMs / 1000).toFixed(2)} s`)
	report('variations per second', (18 / (pipelineMs / 1000)).toFixed(2))
	report('pipeline cost / bare sharp cost', (pipelineMs / bareMs).toFixed(2), 'target ≤ 1.25')

	// 3. The variations endpoint under load.
	const loaded = await client.createProject('60 Variation Avenue')
	const loadedRooms = []
	for (let i = 0; i < 10; i++) loadedRooms.push((await client.upload(loaded.id, smallPhoto)).roomId)
	await Promise.all(loadedRooms.flatMap((roomId) => STYLES.map((style) => client.process(roomId, style))))
	await untilSettled(client, loaded.id, 60)
	const load = (path: string) =>
		autocannon({ url: `${server.url}${path}`, connections: 50, duration: 10, headers: { cookie: client.cookie } })
	await load(`/api/property-studio/projects/${loaded.id}/variations`) // warm-up of pool and JIT
	const real = await load(`/api/property-studio/projects/${loaded.id}/variations`)
	const bare = await load('/bench/variations')
	if (real.non2xx || bare.non2xx)
		throw new Error(`non-2xx answers under load: ${real.non2xx} real, ${bare.non2xx} bare`)
	report('GET variations (60), 50 clients: requests/s', real.requests.average.toFixed(0))
	report('bare resource route, same JSON: requests/s', bare.requests.average.toFixed(0))
	report(
		'variations / bare requests per second',
		(real.requests.average / bare.requests.average).toFixed(2),
		'target ≥ 0.5',
	)
	report('GET variations p99 latency', `${real.latency.p99} ms`, 'target < 50 ms')
} finally {
	await server.stop()
}

console.log('\n| figure | value | target |\n|---|---|---|')
for (const [name, value, target] of results) console.log(`| ${name} | ${value} | ${target.replace('target ', '')} |`)
