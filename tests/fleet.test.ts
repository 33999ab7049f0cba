import fs from 'node:fs'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { writeBulkImport } from '#tests/fixtures/import-csv.ts'
import { metricValue, startFleet } from '#tests/fleet.ts'
import { signUp } from '#tests/studio-client.ts'
import { until } from '#tests/until.ts'

// The fleet bench (bench/fleet.bench.ts) reduced: a web process and two workers on a PostgreSQL
// server, s3rver and the vendor's model, each a process of its own; an import and an agent at once,
// and a worker killed with -9 in the middle.
const fleet = await startFleet({ webs: 1, workers: 2, vendorLatencyMs: 1_000, dev: true, readyGraceMs: 0 })
afterAll(() => fleet.stop())

/** The fleet's waits: renders through real processes, up to 3 minutes, looked at every 200 ms. */
const waitFor = <T>(what: string, check: () => Promise<T | false | undefined>) =>
	until(what, check, 180_000, { everyMs: 200 })

const stagingRows = async () =>
	(
		await fleet.sql.query<{ state: string; providerRenderId: string | null; subjectKey: string }>(
			'select state, provider_render_id as "providerRenderId", subject_key as "subjectKey" from staging_renders',
		)
	).rows

test('an import and an agent at once, a worker killed with -9 and another replaced mid-run: one vendor render per room and style, no variation lost, and the metrics say so', async () => {
	const [web] = fleet.webs()
	let webRequests = 0
	const importer = await signUp(web.url)
	const agent = await signUp(web.url)
	webRequests += 2
	const csv = await writeBulkImport(path.join(fleet.dir, 'import'), {
		properties: 3,
		photosPerProperty: 2,
		width: 800,
		height: 600,
	})
	const imported = fleet.rendo(['import', csv, '--as', importer.email, '--json'])

	const project = await agent.createProject('1 Fleet Road, Leeds LS1 1AA')
	const { roomId } = await agent.upload(project.id, fs.readFileSync(path.join(fleet.dir, 'import/photos/kitchen.jpg')))
	await agent.process(roomId, ['modern', 'scandinavian'])
	webRequests += 3

	// Mid-run: the vendor has accepted renders the workers are still waiting on.
	await waitFor('the vendor to accept renders', async () => (await fleet.vendor.state()).creates >= 2)
	await fleet.killHard(fleet.workers()[0])
	await fleet.startWorker()
	// And a deploy meanwhile: the other worker replaced and stopped with SIGTERM.
	await fleet.replace(fleet.workers()[0])
	const importResult = await imported
	expect(importResult.code, importResult.stderr).toBe(0)

	const gallery = await waitFor('the agent to see six variations', async () => {
		webRequests++
		const variations = await agent.variations(project.id)
		return variations.length === 6 && variations.every((v) => v.status === 'completed') && variations
	})
	await agent.favorite(gallery[0].id)
	webRequests++
	await waitFor('every render to be delivered', async () => {
		const rows = await stagingRows()
		return rows.length === 3 * 2 + 2 && rows.every((row) => row.state === 'delivered')
	})

	// Exactly once: each request is one render at the vendor, and each vendor render is one request's.
	const rows = await stagingRows()
	const renderIds = rows.map((row) => row.providerRenderId)
	expect(new Set(renderIds).size).toBe(rows.length)
	const vendor = await fleet.vendor.state()
	expect(vendor.creates).toBe(rows.length)
	expect(vendor.renderIds.sort()).toEqual([...renderIds].sort())
	const { rows: variations } = await fleet.sql.query<{ status: string; n: number }>(
		'select status, count(*)::int as n from property_studio_variations group by status',
	)
	expect(variations).toEqual([{ status: 'completed', n: rows.length * 3 }])

	// The web counted at least the requests made to it; the workers left no render job waiting.
	expect(metricValue(await fleet.scrape(web), 'rendo_http_request_duration_seconds_count')).toBeGreaterThanOrEqual(
		webRequests,
	)
	// The queue and in-flight gauges read the shared tables; the counters are each process's own (the
	// workers up now may have started after the last submit), so they can only be at most the creates.
	const workerMetrics = await Promise.all(fleet.workers().map((worker) => fleet.scrape(worker)))
	for (const text of workerMetrics) {
		expect(metricValue(text, 'rendo_job_queue_depth', { task: 'stage_render' })).toBe(0)
		expect(metricValue(text, 'rendo_renders_in_flight')).toBe(0)
	}
	const submitted = workerMetrics.reduce((n, text) => n + metricValue(text, 'rendo_renders_submitted_total'), 0)
	expect(submitted).toBeLessThanOrEqual(rows.length)
	expect(Math.max(...fleet.processes.map((p) => p.peakRssMb))).toBeGreaterThan(0)
}, 600_000)
