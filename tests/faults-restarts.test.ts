import fs from 'node:fs'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { writeBulkImport } from '#tests/fixtures/import-csv.ts'
import { startFleet } from '#tests/fleet.ts'
import { signUp } from '#tests/studio-client.ts'
import { until } from '#tests/until.ts'
import { lastWordsOf } from '#tests/child-process.ts'
import { rendersAndJobsLeft } from '#tests/jobs-left.ts'

// PostgreSQL restarted and the object store stopped, each for 3 s, under a web and a worker that
// are rendering (bench/faults/postgres-restart.fault.ts and storage-down.fault.ts at full size).
const fleet = await startFleet({ webs: 1, workers: 1, vendorLatencyMs: 500, dev: true, readyGraceMs: 0 })
afterAll(() => fleet.stop())
const [web] = fleet.webs()
const photo = async () => {
	const csv = await writeBulkImport(path.join(fleet.dir, 'import'), {
		properties: 1,
		photosPerProperty: 2,
		width: 800,
		height: 600,
	})
	return { csv, kitchen: fs.readFileSync(path.join(fleet.dir, 'import/photos/kitchen.jpg')) }
}

/**
 * Up to a minute unless told, looked at every 200 ms; a look that fails (the database or storage
 * down) is a "not yet". A wait that times out says what the renders, jobs and processes were doing.
 */
const waitFor = <T>(what: string, check: () => Promise<T | false | undefined>, timeoutMs = 60_000) =>
	until(what, () => check().catch(() => undefined), timeoutMs, { everyMs: 200, explain: fleetState })

async function fleetState() {
	const tables = await rendersAndJobsLeft(fleet.sql).catch((error) => `the database: ${error}`)
	return [tables, ...fleet.processes.map((p) => lastWordsOf(p.child))].join('\n')
}

const renders = async () =>
	(
		await fleet.sql.query<{ state: string; providerRenderId: string | null }>(
			'select state, provider_render_id as "providerRenderId" from staging_renders',
		)
	).rows

/** Every render asked for is delivered, and each was asked of the vendor once. */
async function expectAllDeliveredOnce(count: number) {
	await waitFor(
		`${count} renders delivered`,
		async () => {
			const rows = await renders()
			return rows.length === count && rows.every((row) => row.state === 'delivered')
		},
		90_000,
	)
	const rows = await renders()
	const vendor = await fleet.vendor.state()
	expect(vendor.creates).toBe(rows.length)
	expect(vendor.renderIds.sort()).toEqual(rows.map((row) => row.providerRenderId).sort())
}

/** An answer a person or program can act on: 503, when to try again, the reason in words, no stack trace. */
async function expectUnavailable(response: Response) {
	const body = await response.text()
	expect(response.status, body).toBe(503)
	expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
	expect(body).not.toMatch(/\n\s+at /)
	return body
}

function uploadPhoto(cookie: string, projectId: string, photo: Buffer) {
	const form = new FormData()
	form.set('projectId', projectId)
	form.set('roomType', 'kitchen')
	form.set('hasFurniture', 'false')
	form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'kitchen.jpg')
	return fetch(`${web.url}/api/property-studio/upload-image`, { method: 'POST', body: form, headers: { cookie } })
}

const readyStatus = async () => (await fetch(`${web.url}/ready`)).status

test('PostgreSQL restarted mid-render: /ready says so, pages and the API answer 503, and every render is delivered once after', async () => {
	const { csv, kitchen } = await photo()
	const importer = await signUp(web.url)
	const agent = await signUp(web.url)
	const imported = await fleet.rendo(['import', csv, '--as', importer.email, '--json'])
	expect(imported.code, imported.stderr).toBe(0)
	const project = await agent.createProject('1 Restart Road, Leeds LS1 1AA')
	const { roomId } = await agent.upload(project.id, kitchen)
	await agent.process(roomId, 'modern')
	await waitFor('the vendor to accept renders', async () => (await fleet.vendor.state()).creates >= 2)

	await fleet.stopPostgres()
	expect(await readyStatus()).toBe(503)
	const json = await expectUnavailable(
		await fetch(`${web.url}/api/property-studio/projects/${project.id}/variations`, {
			headers: { cookie: agent.cookie },
		}),
	)
	expect(JSON.parse(json).message).toMatch(/try again/i)
	const page = await expectUnavailable(
		await fetch(`${web.url}/property-studio`, { headers: { cookie: agent.cookie, accept: 'text/html' } }),
	)
	expect(page).toMatch(/try again/i)
	// An upload refused before its body was read still gets its answer (the socket is not reset under it).
	await expectUnavailable(await uploadPhoto(agent.cookie, project.id, kitchen))
	await new Promise((r) => setTimeout(r, 3_000))
	await fleet.startPostgres()

	await waitFor('/ready to answer 200', async () => (await readyStatus()) === 200)
	await expectAllDeliveredOnce(2 + 1)
	expect(fleet.webs()).toHaveLength(1)
	expect(fleet.workers()).toHaveLength(1)
}, 150_000)

test('storage stopped mid-delivery: an upload gets a 503 with Retry-After and leaves no file, the delivery waits and lands once', async () => {
	const { kitchen } = await photo()
	const agent = await signUp(web.url)
	const project = await agent.createProject('2 Outage Lane, Leeds LS2 2BB')
	const { roomId } = await agent.upload(project.id, kitchen)
	const before = (await renders()).length
	const creates = (await fleet.vendor.state()).creates
	await agent.process(roomId, 'scandinavian')
	await waitFor('the vendor to accept the render', async () => (await fleet.vendor.state()).creates > creates)

	await fleet.stopStorage()
	const refused = await uploadPhoto(agent.cookie, project.id, kitchen)
	expect(JSON.parse(await expectUnavailable(refused)).message).toMatch(/storage is temporarily unavailable/)
	const uploads = path.join(fleet.dir, web.name, 'tmp', 'uploads')
	expect(
		fs
			.readdirSync(uploads, { recursive: true })
			.filter((f) => !fs.statSync(path.join(uploads, String(f))).isDirectory()),
	).toEqual([])
	const { rows } = await fleet.sql.query('select count(*)::int as n from property_studio_rooms where project_id = $1', [
		project.id,
	])
	expect(rows[0].n).toBe(1)
	await new Promise((r) => setTimeout(r, 3_000))
	await fleet.startStorage()

	await expectAllDeliveredOnce(before + 1)
	// The same upload once storage is back is taken.
	await agent.upload(project.id, kitchen, 'kitchen')
}, 150_000)
