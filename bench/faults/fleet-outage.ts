/**
 * What the rows for PostgreSQL restarted and storage down share: a fleet (tests/fleet.ts, the
 * production build: one web, two workers, PostgreSQL as a server, s3rver, Virtual Staging AI's
 * model) importing `properties` × 10 rooms through `rendo import` while an agent works in the
 * studio. Once renders are at the vendor and more are queued, `outage.stop()` takes the dependency
 * away for `outageS`, while the agent keeps polling the gallery, asks the web's /ready and tries an
 * upload every second; then `outage.start()` brings it back. Counted: images never delivered,
 * renders paid twice, seconds from the dependency's return to the first render delivered after it,
 * and every answer the agent got meanwhile (a 500, or a stack trace in a body, is a failure).
 */
import fs from 'node:fs'
import path from 'node:path'
import { type Fleet, startFleet } from '#tests/fleet.ts'
import { signUp } from '#tests/studio-client.ts'
import { ensureBuild } from '../../scripts/ensure-build.ts'
import type { FaultRow } from './fault-row.ts'
import {
	importCsv,
	PHOTOS_PER_PROPERTY,
	paidTwice,
	allSettled,
	renderCounts,
	sleep,
	startImport,
	VARIATIONS,
} from './fleet-import.ts'

const LATENCY_MS = 3000
const WORKERS = 2

export async function fleetOutage({
	fault,
	outageS,
	properties,
	outage,
}: {
	fault: string
	outageS: number
	properties: number
	outage: (fleet: Fleet) => { stop(): Promise<void>; start(): Promise<void> }
}): Promise<FaultRow> {
	await ensureBuild()
	const { csv, remove } = await importCsv(properties)
	const fleet = await startFleet({ webs: 1, workers: WORKERS, vendorLatencyMs: LATENCY_MS })
	try {
		const [web] = fleet.webs()
		const photo = fs.readFileSync(path.join(path.dirname(csv), 'photos', 'kitchen.jpg'))
		const { done } = await startImport(fleet, csv)
		const agent = await signUp(web.url)
		const project = await agent.createProject('1 Outage Street, Leeds LS1 1AA')
		const { roomId } = await agent.upload(project.id, photo)
		await agent.process(roomId, ['modern', 'scandinavian'])
		// The import's rows are all in before the fault: `rendo import` is a short-lived command an
		// operator runs again; what is measured is the fleet's work in flight.
		await done
		const rooms = properties * PHOTOS_PER_PROPERTY + 2
		while ((await fleet.vendor.state()).creates < 5) await sleep(100)

		const { stop, start } = outage(fleet)
		const before = await renderCounts(fleet)
		await stop()
		const answers = await probeWhile(fleet, agent, project.id, photo, sleep(outageS * 1000))
		await start()
		const cleared = new Date()
		let counts = await renderCounts(fleet)
		for (let waited = 0; !allSettled(counts, rooms); waited++) {
			if (waited > 1200) throw new Error(`renders not settled 10 minutes after the fault: ${JSON.stringify(counts)}`)
			await sleep(500)
			counts = await renderCounts(fleet)
		}
		const { rows } = await fleet.sql.query<{ s: number | null }>(
			`select extract(epoch from min(finished_at) - $1::timestamptz)::float8 as s from staging_renders
			where state = 'delivered' and finished_at >= $1`,
			[cleared],
		)
		const uploadsLeft = filesUnder(path.join(fleet.dir, web.name, 'tmp', 'uploads'))
		const running = fleet.webs().length + fleet.workers().length
		const images = rooms * VARIATIONS
		return {
			fault,
			durationS: outageS,
			lost: images - counts.images,
			paidTwice: await paidTwice(fleet),
			vendorCallsDuring: null,
			recoveryS: rows[0].s,
			peakRssMb: Math.max(...fleet.processes.map((p) => p.peakRssMb)),
			notes:
				`${rooms} rooms (${images} images: an import of ${rooms - 2} and an agent's 2), vendor ${LATENCY_MS / 1000} s a render, ${WORKERS} workers; ` +
				`at the fault ${before.states.submitted ?? 0} at the vendor, ${before.states.queued ?? 0} queued; ` +
				`after: ${counts.states.delivered ?? 0} delivered, ${counts.states.failed ?? 0} failed; ` +
				`during it the agent got ${describe(answers)}; ` +
				`${running}/${1 + WORKERS} processes running throughout (none restarted), ${uploadsLeft} temp files left in the web's uploads folder`,
		}
	} finally {
		await fleet.stop()
		remove()
	}
}

/** How many files (not folders) are under `dir`. */
export const filesUnder = (dir: string) =>
	fs.existsSync(dir)
		? fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, String(f))).isFile()).length
		: 0

type Signed = Awaited<ReturnType<typeof signUp>>

/** Every second until `over`: /ready, the gallery's poll and an upload, each answer's status kept (with a flag for a stack or a missing Retry-After). */
async function probeWhile(fleet: Fleet, agent: Signed, projectId: string, photo: Buffer, over: Promise<unknown>) {
	const web = fleet.webs()[0]
	const seen: Record<string, number> = {}
	const note = async (what: string, response: Response) => {
		const body = await response.text()
		const flags = [
			/\n\s+at /.test(body) && 'with a stack',
			// A balancer's probe needs no Retry-After; people and programs do.
			what !== '/ready' && response.status === 503 && !response.headers.get('retry-after') && 'without Retry-After',
		].filter(Boolean)
		const key = `${what} ${response.status}${flags.length ? ` ${flags.join(', ')}` : ''}`
		seen[key] = (seen[key] ?? 0) + 1
	}
	let ended = false
	over.then(() => (ended = true))
	while (!ended) {
		const form = new FormData()
		form.set('projectId', projectId)
		form.set('roomType', 'bedroom')
		form.set('hasFurniture', 'false')
		form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bedroom.jpg')
		await Promise.all([
			fetch(`${web.url}/ready`).then((r) => note('/ready', r)),
			fetch(`${web.url}/api/property-studio/projects/${projectId}/variations`, {
				headers: { cookie: agent.cookie },
			}).then((r) => note('gallery', r)),
			fetch(`${web.url}/property-studio`, { headers: { cookie: agent.cookie, accept: 'text/html' } }).then((r) =>
				note('page', r),
			),
			fetch(`${web.url}/api/property-studio/upload-image`, {
				method: 'POST',
				body: form,
				headers: { cookie: agent.cookie },
			}).then((r) => note('upload', r)),
		])
		await sleep(1000)
	}
	return seen
}

const describe = (seen: Record<string, number>) =>
	Object.entries(seen)
		.sort()
		.map(([key, n]) => `${key} ×${n}`)
		.join(', ')
