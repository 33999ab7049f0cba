/**
 * `npm run bench -- fleet`: Rendo as a deployment (tests/fleet.ts): PostgreSQL as a server of its
 * own, s3rver, Virtual Staging AI's model with a per-render latency and its account limit, 2 web
 * processes (JOBS=off) behind a round-robin balancer and 3 `npm run worker` processes. At once:
 * a 100-property CSV through `rendo import` (10 photos a property, one style: 1,000 renders of 3
 * variations) and 50 agents in the studio, arriving through the import (each uploads a photo,
 * processes two styles, watches the gallery's poll until its variations are in, marks a favourite).
 * Run twice: calm, then with chaos (kill -9 of a worker at a third of the import and of a web at
 * two thirds, replacements started). FLEET_PROPERTIES, FLEET_AGENTS and FLEET_LATENCY_MS scale it.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fitToPhoto } from '#core/staging/fit.ts'
import { BULK_PRIORITY } from '#core/staging/request.ts'
import type { Photo } from '#core/staging/images.ts'
import { writeBulkImport } from '#tests/fixtures/import-csv.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { stagedAnswer } from '#tests/mocks/staged-answer.ts'
import { type Fleet, type FleetProcess, metricValue, startFleet } from '#tests/fleet.ts'
import { signUp } from '#tests/studio-client.ts'
import { ensureBuild } from '../scripts/ensure-build.ts'

const PROPERTIES = Number(process.env.FLEET_PROPERTIES ?? 100)
const PHOTOS = 10
const AGENTS = Number(process.env.FLEET_AGENTS ?? 50)
const LATENCY_MS = Number(process.env.FLEET_LATENCY_MS ?? 10_000)
const VARIATIONS = 3
const VENDOR_SLOTS = 50
const WIDTH = 1600
const HEIGHT = 1200
// As a gallery open on a desk: the page's loader asks again every half second while renders run.
const POLL_MS = 500

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const percentile = (values: number[], p: number) => {
	if (!values.length) return Number.NaN
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/**
 * A balancer in front of the web processes: each request goes to the next live web in turn, and to
 * the one after when a web refuses the connection (killed, replaced), as a load balancer's health
 * checks would. A request cut off mid-way by a kill is the client's to retry.
 */
async function startBalancer(fleet: Fleet) {
	let next = 0
	const server = http.createServer(async (req, res) => {
		const chunks: Buffer[] = []
		for await (const chunk of req) chunks.push(chunk as Buffer)
		const body = Buffer.concat(chunks)
		const webs = fleet.webs()
		for (let tries = 0; tries < webs.length; tries++) {
			const web = webs[next++ % webs.length]
			try {
				const response = await forward(web, req, body)
				res.writeHead(response.status, response.headers)
				res.end(response.body)
				return
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') {
					res.writeHead(502).end()
					return
				}
			}
		}
		res.writeHead(503).end()
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: () => new Promise((resolve) => server.close(resolve)),
	}
}

function forward(web: FleetProcess, req: http.IncomingMessage, body: Buffer) {
	return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
		const target = new URL(req.url!, web.url)
		const request = http.request(
			target,
			{ method: req.method, headers: { ...req.headers, host: target.host } },
			(response) => {
				const chunks: Buffer[] = []
				response.on('data', (chunk) => chunks.push(chunk))
				response.on('end', () =>
					resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
				)
				response.on('error', reject)
			},
		)
		request.on('error', reject)
		request.end(body)
	})
}

/**
 * The CPU time of fitting (and room-checking) one vendor image to its photo, measured bare in this
 * process as the import's renders come: three variations of each of the import's photos in turn,
 * so each photo's first variation pays for reading the photo (the check keeps the last few read).
 * The thread's start (loading OpenCV) is not counted: a worker pays it once.
 */
async function fitCpuMs(photoDir: string) {
	const renders = await Promise.all(
		fs.readdirSync(photoDir).map(async (file) => {
			const bytes: Buffer = fs.readFileSync(path.join(photoDir, file))
			// As the vendor's model answers: the photo, staged, at the vendor's own size.
			const answers = await Promise.all(
				Array.from({ length: VARIATIONS }, (_, index) => stagedAnswer(bytes, { width: 1536, height: 1024 }, { index })),
			)
			return { photo: { bytes, width: WIDTH, height: HEIGHT }, answers }
		}),
	)
	const fitOne = (bytes: Buffer, photo: Photo) => fitToPhoto({ bytes }, photo, { check: 'vendor' })
	const warm = await makeRoomPhoto({ width: WIDTH, height: HEIGHT })
	await fitOne(await stagedAnswer(warm), { bytes: warm, width: WIDTH, height: HEIGHT })
	const before = process.cpuUsage()
	for (const { photo, answers } of renders) for (const answer of answers) await fitOne(answer, photo)
	const used = process.cpuUsage(before)
	return (used.user + used.system) / 1000 / (renders.length * VARIATIONS)
}

interface AgentResult {
	firstVariationMs: number
	polls: number[]
	retries: number
}

/** One agent's visit, with a retry (after a second) of a step cut off by a web that died under it. */
async function agentVisit(url: string, photo: Buffer, index: number): Promise<AgentResult> {
	let retries = 0
	async function step<T>(work: () => Promise<T>): Promise<T> {
		for (let attempt = 1; ; attempt++) {
			try {
				return await work()
			} catch (error) {
				if (attempt === 3) throw error
				retries++
				await sleep(1000)
			}
		}
	}
	const agent = await step(() => signUp(url))
	const project = await step(() => agent.createProject(`${index} Agent Lane, York YO1 1AA`))
	const { roomId } = await step(() => agent.upload(project.id, photo))
	const processedAt = performance.now()
	await step(() => agent.process(roomId, ['scandinavian', 'luxury']))
	const polls: number[] = []
	let firstVariationMs = Number.NaN
	for (;;) {
		const started = performance.now()
		const variations = await step(() => agent.variations(project.id))
		polls.push(performance.now() - started)
		const done = variations.filter((v) => v.status === 'completed')
		if (done.length && Number.isNaN(firstVariationMs)) firstVariationMs = performance.now() - processedAt
		if (done.length === 2 * VARIATIONS) {
			await step(() => agent.favorite(done[0].id))
			return { firstVariationMs, polls, retries }
		}
		await sleep(POLL_MS)
	}
}

/** Every web and worker replaced in turn, as a deploy does; says how many and how long it took. */
async function rollingRestart(fleet: Fleet) {
	const started = performance.now()
	const old = [...fleet.webs(), ...fleet.workers()]
	for (const p of old) await fleet.replace(p)
	return `${old.length} processes in ${s(performance.now() - started)}`
}

async function completedImportVariations(fleet: Fleet, importer: string) {
	const { rows } = await fleet.sql.query<{ n: number }>(
		`select count(*)::int as n from property_studio_variations v
			join property_studio_rooms r on r.id = v.room_id
			join property_studio_projects p on p.id = r.project_id
			join users u on u.id = p.user_id
		where u.email = $1 and v.status = 'completed'`,
		[importer],
	)
	return rows[0].n
}

/**
 * Where renders of one priority (0 the agents', 2 the import's) spent their time, p50 / p95:
 * waiting for one of the vendor's slots, sending the photo, at the vendor (with the looks that
 * found it done, the downloads and storing them), and fitted and stored.
 */
async function renderStages(fleet: Fleet, priority: number) {
	const { rows } = await fleet.sql.query<Record<Stage, number>>(
		`select extract(epoch from r.submit_started_at - r.created_at) * 1000 as slot,
			extract(epoch from r.submitted_at - r.submit_started_at) * 1000 as send,
			extract(epoch from r.received_at - r.submitted_at) * 1000 as vendor,
			extract(epoch from r.finished_at - r.received_at) * 1000 as delivery
		from staging_renders r where r.priority = $1 and r.state = 'delivered'`,
		[priority],
	)
	const stage = (name: Stage) => {
		const values = rows.map((row) => Number(row[name]))
		return `${s(percentile(values, 50))} / ${s(percentile(values, 95))}`
	}
	return `slot ${stage('slot')}, sending ${stage('send')}, vendor ${stage('vendor')}, fitted and stored ${stage('delivery')}`
}
type Stage = 'slot' | 'send' | 'vendor' | 'delivery'

async function runFleet(chaos: boolean, photoDir: string, csv: string, fitMs: number) {
	const fleet = await startFleet({ webs: 2, workers: 3, vendorLatencyMs: LATENCY_MS })
	const balancer = await startBalancer(fleet)
	try {
		const renders = PROPERTIES * PHOTOS
		const expected = renders * VARIATIONS
		const bound = Math.max(
			Math.ceil(renders / VENDOR_SLOTS) * LATENCY_MS,
			(fitMs * expected) / os.availableParallelism(),
		)
		const importer = await signUp(balancer.url)
		const photo = fs.readFileSync(path.join(photoDir, 'kitchen.jpg'))

		const cpuBefore = fleet.cpuSeconds()
		const started = performance.now()
		const imported = fleet.rendo(['import', csv, '--as', importer.email, '--json'])
		// The agents arrive through the first 60 % of the import's bound.
		const agents = Array.from({ length: AGENTS }, async (_, i) => {
			await sleep((i / AGENTS) * bound * 0.6)
			return agentVisit(balancer.url, photo, i)
		})
		const kills: string[] = []
		let restart: Promise<string> | undefined
		let done = 0
		while (done < expected) {
			await sleep(500)
			done = await completedImportVariations(fleet, importer.email)
			if (chaos && kills.length === 0 && done >= expected / 3) {
				const worker = fleet.workers()[0]
				await fleet.killHard(worker)
				kills.push(`${worker.name} at ${s(performance.now() - started)}`)
				await fleet.startWorker()
			}
			if (chaos && kills.length === 1 && done >= (expected * 2) / 3) {
				const web = fleet.webs()[0]
				await fleet.killHard(web)
				kills.push(`${web.name} at ${s(performance.now() - started)}`)
				await fleet.startWeb()
			}
			if (chaos && !restart && done >= (expected * 3) / 4) restart = rollingRestart(fleet)
		}
		const importMs = performance.now() - started
		const cpuDuring = Object.entries(fleet.cpuSeconds()).map(
			([kind, seconds]) => `${kind} ${(seconds - (cpuBefore[kind] ?? 0)).toFixed(0)}`,
		)
		const restarted = await restart
		const importRun = await imported
		if (importRun.code !== 0) throw new Error(`rendo import failed: ${importRun.stderr}`)
		const visits = await Promise.all(agents)
		// Every request settled: the agents' renders are in too.
		for (;;) {
			const { rows } = await fleet.sql.query<{ n: number }>(
				"select count(*)::int as n from staging_renders where state not in ('delivered', 'failed')",
			)
			if (rows[0].n === 0) break
			await sleep(500)
		}

		const { rows: requests } = await fleet.sql.query<{ subjectKey: string; renderId: string | null; state: string }>(
			'select subject_key as "subjectKey", provider_render_id as "renderId", state from staging_renders',
		)
		const { rows: variations } = await fleet.sql.query<{ n: number }>(
			"select count(*)::int as n from property_studio_variations where status = 'completed'",
		)
		const renderIds = new Set(requests.map((r) => r.renderId))
		const vendor = await fleet.vendor.state()
		const exactlyOnce =
			vendor.creates === requests.length &&
			renderIds.size === requests.length &&
			vendor.renderIds.every((id) => renderIds.has(id))
		const lost = requests.length * VARIATIONS - variations[0].n
		const workerMetrics = await Promise.all(fleet.workers().map((w) => fleet.scrape(w)))
		const first = visits.map((v) => v.firstVariationMs)
		const polls = visits.flatMap((v) => v.polls)
		const poolSize = 10
		const documentedConnections = (2 + (chaos ? 1 : 0)) * poolSize + (3 + (chaos ? 1 : 0)) * (poolSize + 1) + poolSize

		const rows: Array<[string, string, string]> = [
			[
				'import wall time',
				`${s(importMs)} = ${(importMs / bound).toFixed(2)}× its bound of ${s(bound)}`,
				`≤ ${chaos ? '1.5' : '1.25'}×`,
			],
			[
				'first variation after Process (p50 / p95)',
				`${s(percentile(first, 50))} / ${s(percentile(first, 95))}`,
				`p95 ≤ ${s(LATENCY_MS + 2000)}`,
			],
			['an agent render, by stage (p50 / p95)', await renderStages(fleet, 0), ''],
			['an import render: the same', await renderStages(fleet, BULK_PRIORITY), ''],
			[
				'gallery poll (p50 / p99)',
				`${percentile(polls, 50).toFixed(0)} / ${percentile(polls, 99).toFixed(0)} ms (${polls.length} polls)`,
				'p99 < 100 ms',
			],
			[
				'peak RSS',
				fleet.processes.map((p) => `${p.name} ${p.peakRssMb.toFixed(0)}`).join(', ') + ' MB',
				'< 300 MB each',
			],
			[
				'peak PostgreSQL connections',
				`${fleet.peaks.connections} of ${documentedConnections}`,
				'within the documented sum',
			],
			[
				'vendor renders / requests',
				`${vendor.creates} / ${requests.length} (${vendor.tooMany} answered 429)`,
				'exactly one each',
			],
			['variations lost', String(lost), '0'],
			[
				'CPU seconds during the import, by process kind',
				cpuDuring.join(', '),
				`${s(importMs)} × ${os.availableParallelism()} cores`,
			],
			['agent steps retried', String(visits.reduce((n, v) => n + v.retries, 0)), ''],
			[
				'renders submitted (workers now up, from /metrics)',
				String(workerMetrics.reduce((n, text) => n + metricValue(text, 'rendo_renders_submitted_total'), 0)),
				'',
			],
			...(chaos
				? ([
						['killed (kill -9)', kills.join(', '), ''],
						['rolling restart (SIGTERM after the replacement is up)', restarted ?? 'not reached', 'loses nothing'],
					] as Array<[string, string, string]>)
				: []),
		]
		console.log(
			`\n${chaos ? 'Chaos run' : 'Calm run'}: ${renders} import renders, ${AGENTS} agents, vendor latency ${s(LATENCY_MS)}`,
		)
		for (const [name, value, goal] of rows) console.log(`| ${name} | ${value} | ${goal} |`)
		if (!exactlyOnce) console.log('NOT exactly once: see the vendor renders / requests row')
	} finally {
		await balancer.close()
		await fleet.stop()
	}
}

await ensureBuild()
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-fleet-bench-'))
try {
	const csv = await writeBulkImport(dir, {
		properties: PROPERTIES,
		photosPerProperty: PHOTOS,
		width: WIDTH,
		height: HEIGHT,
	})
	const fitMs = await fitCpuMs(path.join(dir, 'photos'))
	console.log(`fitting one vendor image, bare: ${fitMs.toFixed(1)} ms of CPU; ${os.availableParallelism()} cores`)
	// FLEET_RUNS=calm (or chaos) runs one of the two.
	const runs = (process.env.FLEET_RUNS ?? 'calm,chaos').split(',')
	if (runs.includes('calm')) await runFleet(false, path.join(dir, 'photos'), csv, fitMs)
	if (runs.includes('chaos')) await runFleet(true, path.join(dir, 'photos'), csv, fitMs)
} finally {
	fs.rmSync(dir, { recursive: true, force: true })
}
