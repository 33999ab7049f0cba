/**
 * The web's data disk full for 30 s: its DATA_DIR (where uploads wait as temp files) a tmpfs of
 * 16 MB filled to 64 KB short, on a fleet (tests/fleet.ts, production build: one web, one worker,
 * PostgreSQL, s3rver, Virtual Staging AI's model) with an agent's renders in flight. The agent
 * tries an upload every second meanwhile; then the filler goes, and the agent uploads and asks for
 * a render again. Needs root (mount -t tmpfs); elsewhere the row says it did not run.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { type Fleet, startFleet } from '#tests/fleet.ts'
import { signUp } from '#tests/studio-client.ts'
import { writeRoomPhoto } from '#tests/fixtures/import-csv.ts'
import { ensureBuild } from '../../scripts/ensure-build.ts'
import type { Fault, FaultRow } from './fault-row.ts'
import { allSettled, paidTwice, renderCounts, sleep, VARIATIONS } from './fleet-import.ts'
import { filesUnder } from './fleet-outage.ts'

const FULL_S = 30

async function run(): Promise<FaultRow> {
	await ensureBuild()
	const fleet = await startFleet({ webs: 1, workers: 1, vendorLatencyMs: 3000 })
	const [web] = fleet.webs()
	const dataDir = path.join(fleet.dir, web.name)
	let mounted = false
	try {
		// The web makes its DATA_DIR when it first writes there.
		fs.mkdirSync(dataDir, { recursive: true })
		execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dataDir], { stdio: 'pipe' })
		mounted = true
		const photoFile = path.join(fleet.dir, 'photo.jpg')
		await writeRoomPhoto(photoFile, { width: 1600, height: 1200 })
		const photo = fs.readFileSync(photoFile)
		const agent = await signUp(web.url)
		const project = await agent.createProject('4 Full Disk Close, Leeds LS4 4DD')
		const { roomId } = await agent.upload(project.id, photo)
		await agent.process(roomId, ['modern', 'scandinavian'])
		while ((await fleet.vendor.state()).creates < 1) await sleep(100)

		const filler = path.join(dataDir, 'filler')
		const { bavail, bsize } = fs.statfsSync(dataDir)
		fs.writeFileSync(filler, Buffer.alloc(bavail * bsize - 64 * 1024))
		const roomsBefore = await roomCount(fleet.sql, project.id)
		const seen: Record<string, number> = {}
		const tempFiles: number[] = []
		const ends = Date.now() + FULL_S * 1000
		while (Date.now() < ends) {
			const response = await upload(web.url, agent.cookie, project.id, photo)
			const body = await response.text()
			const key = `${response.status}${response.headers.get('retry-after') ? ' with Retry-After' : ''}${/\n\s+at /.test(body) ? ' with a stack' : ''}`
			seen[key] = (seen[key] ?? 0) + 1
			tempFiles.push(filesUnder(path.join(dataDir, 'tmp', 'uploads')))
			await sleep(1000)
		}
		const roomsDuring = (await roomCount(fleet.sql, project.id)) - roomsBefore
		fs.rmSync(filler)
		const cleared = new Date()
		const after = await upload(web.url, agent.cookie, project.id, photo)
		if (after.status !== 201) throw new Error(`an upload once there was room: ${after.status} ${await after.text()}`)
		const { roomId: next } = (await after.json()) as { roomId: string }
		await agent.process(next, 'modern')
		let counts = await renderCounts(fleet)
		while (!allSettled(counts, 3)) {
			await sleep(250)
			counts = await renderCounts(fleet)
		}
		const { rows } = await fleet.sql.query<{ s: number | null }>(
			`select extract(epoch from min(finished_at) - $1::timestamptz)::float8 as s from staging_renders
			where state = 'delivered' and finished_at >= $1`,
			[cleared],
		)
		return {
			fault: 'Data disk full (web DATA_DIR on a full tmpfs)',
			durationS: FULL_S,
			lost: 3 * VARIATIONS - counts.images,
			paidTwice: await paidTwice(fleet),
			vendorCallsDuring: null,
			recoveryS: rows[0].s,
			peakRssMb: Math.max(...fleet.processes.map((p) => p.peakRssMb)),
			notes:
				`uploads of a ${(photo.length / 1024).toFixed(0)} KB photo while full: ${Object.entries(seen)
					.map(([k, n]) => `${k} ×${n}`)
					.join(
						', ',
					)}; rooms added meanwhile: ${roomsDuring}; temp files seen after each: at most ${Math.max(...tempFiles)}; ` +
				`2 renders in flight delivered, and an upload and render after room came back (recovery: from the filler removed to the first render delivered, a 3 s vendor included)`,
		}
	} catch (error) {
		if (mounted) throw error
		const reason = `not run: mount -t tmpfs failed (${String((error as { stderr?: Buffer }).stderr ?? error).trim()}); it needs root`
		return {
			fault: 'Data disk full',
			durationS: 0,
			lost: 0,
			paidTwice: 0,
			vendorCallsDuring: null,
			recoveryS: null,
			peakRssMb: 0,
			notes: reason,
		}
	} finally {
		if (mounted) execFileSync('umount', ['-l', dataDir])
		await fleet.stop()
	}
}

function upload(url: string, cookie: string, projectId: string, photo: Buffer) {
	const form = new FormData()
	form.set('projectId', projectId)
	form.set('roomType', 'bedroom')
	form.set('hasFurniture', 'false')
	form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bedroom.jpg')
	return fetch(`${url}/api/property-studio/upload-image`, { method: 'POST', body: form, headers: { cookie } })
}

async function roomCount(sql: Fleet['sql'], projectId: string) {
	const { rows } = await sql.query<{ n: number }>(
		'select count(*)::int as n from property_studio_rooms where project_id = $1',
		[projectId],
	)
	return rows[0].n
}

export const fault: Fault = { name: 'disk-full', run }
