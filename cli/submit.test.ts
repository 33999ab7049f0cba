import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'
import { propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { sharp } from '#core/platform/sharp.ts'
import { db } from '#core/platform/db.ts'
import { completeProject } from '#core/studio/complete-project.ts'
import { setFavorite } from '#core/studio/variations.ts'
import { rendo, rendoJson } from '#tests/cli.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { writeRoomPhoto } from '#tests/fixtures/import-csv.ts'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-submit-test-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

async function photoFolder(name: string, files: string[]) {
	const dir = path.join(work, name)
	for (const [i, file] of files.entries()) await writeRoomPhoto(path.join(dir, file), { seed: i + 1 })
	return dir
}

async function newProject(agent: { email: string }, address: string) {
	return rendoJson<{ id: string; propertyAddress: string }>([
		'projects',
		'create',
		'--as',
		agent.email,
		'--address',
		address,
	])
}

test('submit --wait uploads a folder, guesses room types, renders on the local renderer, and status and download follow', async () => {
	const agent = await insertUser({ role: 'agent' })
	const project = await newProject(agent, '12 Acacia Avenue, Leeds LS6 2AB')
	const folder = await photoFolder('acacia', ['kitchen.jpg', 'master-bedroom.jpg'])

	const submitted = await rendoJson([
		'submit',
		project.id,
		folder,
		'--style',
		'modern',
		'--style',
		'luxury',
		'--remove-furniture',
		'--wait',
	])
	expect(
		submitted.rooms.map(
			(r: { photo: string; roomType: string; roomName: string; hasFurniture: boolean; queued: number }) => [
				path.basename(r.photo),
				r.roomType,
				r.roomName,
				r.hasFurniture,
				r.queued,
			],
		),
	).toEqual([
		['kitchen.jpg', 'kitchen', 'kitchen', true, 6],
		['master-bedroom.jpg', 'bedroom', 'master-bedroom', true, 6],
	])
	expect(submitted.progress.totals).toEqual({ rooms: 2, expected: 12, done: 12, failed: 0, pending: 0, checks: 0 })
	const variations = await db
		.select({ status: propertyStudioVariations.status })
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.where(eq(propertyStudioRooms.projectId, project.id))
	expect(variations.map((v) => v.status)).toEqual(Array(12).fill('completed'))

	const status = await rendo(['status', project.id])
	expect(status.code).toBe(0)
	expect(status.stdout).toContain('Variations: 12/12 done, 0 pending, 0 failed')
	expect(status.stdout).toMatch(/^kitchen\s+kitchen\s+luxury\s+3\/3\s+0\s+completed$/m)
	const statusJson = await rendoJson(['status', project.id])
	expect(statusJson.rooms[1]).toEqual({
		id: expect.any(String),
		name: 'master-bedroom',
		roomType: 'bedroom',
		status: 'completed',
		styles: [
			{ style: 'modern', expected: 3, done: 3, failed: 0, pending: 0, errors: [], checks: [], contents: [] },
			{ style: 'luxury', expected: 3, done: 3, failed: 0, pending: 0, errors: [], checks: [], contents: [] },
		],
	})

	// Download: the favourites, with meaningful names; a rerun skips what is there.
	const out = path.join(work, 'acacia-out')
	const empty = await rendo(['download', project.id, '--out', out])
	expect(empty.stdout.trim()).toBe('No Downloads Available: heart the variations to keep in the gallery first')
	const all = await db
		.select({
			id: propertyStudioVariations.id,
			style: propertyStudioVariations.style,
			room: propertyStudioRooms.roomName,
		})
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.where(eq(propertyStudioRooms.projectId, project.id))
	const picks = all.filter(
		(v) => (v.room === 'kitchen' && v.style === 'luxury') || (v.room === 'master-bedroom' && v.style === 'modern'),
	)
	for (const v of picks.slice(0, 3)) await setFavorite(actorFor(agent), v.id, true)

	const first = await rendoJson(['download', project.id, '--out', out])
	const names = first.files.map((f: { fileName: string }) => f.fileName).sort()
	expect(names).toEqual(
		picks
			.slice(0, 3)
			.map((v) => `12-acacia-avenue_${v.room}_${v.style}`)
			.sort()
			.map((stem, i, list) => `${stem}_${list.slice(0, i).filter((s) => s === stem).length + 1}.jpg`),
	)
	expect(first.files.every((f: { status: string }) => f.status === 'downloaded')).toBe(true)
	for (const name of names) expect((await sharp(path.join(out, name)).metadata()).format).toBe('jpeg')
	expect(fs.readdirSync(out).sort()).toEqual(names)

	const again = await rendo(['download', project.id, '--out', out])
	expect(again.code).toBe(0)
	expect(again.stdout).toContain(`0 downloaded, 3 already there, into ${out}`)

	// Completed: the final assets the completion made, under the names it gave them.
	await completeProject(actorFor(agent), project.id, { watermarkingEnabled: false })
	const finalOut = path.join(work, 'acacia-final')
	const early = await rendo(['download', project.id, '--out', finalOut])
	expect(early.code).toBe(1)
	expect(early.stderr.trim()).toBe(
		'rendo: the final images of this completed project are still being prepared: try again in a minute',
	)
	await drainJobs()
	const final = await rendoJson(['download', project.id, '--out', finalOut])
	expect(final.projectStatus).toBe('completed')
	expect(final.files.map((f: { fileName: string }) => f.fileName).sort()).toEqual(names)
	expect(fs.readdirSync(finalOut).sort()).toEqual(names)
}, 120_000)

test('status --watch follows renders done elsewhere until none is pending, one JSON line per change', async () => {
	const agent = await insertUser({ role: 'agent' })
	const project = await newProject(agent, '2 Watch Street')
	const folder = await photoFolder('watch', ['bathroom.jpg'])
	const submitted = await rendo(['submit', project.id, folder, '--style', 'farmhouse'])
	expect(submitted.code).toBe(0)
	expect(submitted.stdout).toMatch(
		/^PHOTO\s+ROOM\s+TYPE\s+STYLES\s+RENDERS QUEUED\n\S+bathroom\.jpg\s+[0-9a-f-]{36}\s+bathroom\s+farmhouse\s+3\n$/,
	)

	const child = spawn(
		process.execPath,
		['cli/bin.js', 'status', project.id, '--watch', '--json', '--interval', '0.2'],
		{ env: process.env },
	)
	let stdout = ''
	const exited = new Promise((resolve) => child.on('exit', resolve))
	await new Promise<void>((resolve) => child.stdout.on('data', (d) => (stdout += d).includes('\n') && resolve()))
	await drainJobs()
	expect(await exited).toBe(0)
	const lines = stdout
		.trim()
		.split('\n')
		.map((line) => JSON.parse(line))
	expect(lines[0].totals).toEqual({ rooms: 1, expected: 3, done: 0, failed: 0, pending: 3, checks: 0 })
	expect(lines.at(-1).totals).toEqual({ rooms: 1, expected: 3, done: 3, failed: 0, pending: 0, checks: 0 })
}, 60_000)

test('a bad photo stops submit before anything is uploaded, naming the photo and the problem', async () => {
	const agent = await insertUser({ role: 'agent' })
	const project = await newProject(agent, '4 Harbour View')
	const folder = await photoFolder('harbour', ['lounge.jpg'])
	fs.writeFileSync(path.join(folder, 'kitchen.heic'), 'not an image')

	const result = await rendo(['submit', project.id, folder, path.join(work, 'nowhere.jpg'), '--style', 'coastal'])
	expect(result.code).toBe(2)
	expect(result.stderr.trim().split('\n')).toEqual([
		`rendo: photo ${path.join(work, 'nowhere.jpg')}: no such file or folder`,
		`rendo: photo ${path.join(folder, 'kitchen.heic')}: not a JPEG, PNG or WebP image`,
		'rendo: nothing was uploaded',
	])
	expect(await db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.projectId, project.id))).toEqual([])

	const noStyle = await rendo(['submit', project.id, folder])
	expect(noStyle.code).toBe(2)
	expect(noStyle.stderr.trim()).toBe('rendo: Give at least one --style, or --empty, --twilight or --enhance.')

	// The local preview cannot empty a room: said before the first upload.
	const empty = await rendo(['submit', project.id, path.join(folder, 'lounge.jpg'), '--empty'])
	expect(empty.code).toBe(2)
	expect(empty.stderr).toContain(
		'The local preview cannot empty a room: it only colour-grades the photo. Turn on a staging provider.',
	)
	expect(await db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.projectId, project.id))).toEqual([])
}, 60_000)

test("another agent's project is refused, and a missing one is not found", async () => {
	const owner = await insertUser({ role: 'agent' })
	const stranger = await insertUser({ role: 'agent' })
	const project = await newProject(owner, '7 Mill Lane')
	const folder = await photoFolder('mill', ['study.jpg'])

	const refused = await rendo(['submit', project.id, folder, '--style', 'modern', '--as', stranger.email])
	expect(refused.code).toBe(1)
	expect(refused.stderr.trim()).toBe('rendo: Unauthorized access to project')
	const missing = await rendo(['status', '00000000-0000-4000-8000-000000000000'])
	expect(missing.code).toBe(1)
	expect(missing.stderr.trim()).toBe('rendo: Project not found')
}, 60_000)

test('submit --wait reports a failure per room and style, with exit code 1', async () => {
	// A Gemini API on loopback that refuses every image with its documented error shape.
	const gemini = http.createServer((req, res) => {
		req.resume()
		res.writeHead(400, { 'content-type': 'application/json' })
		res.end(
			JSON.stringify({ error: { code: 400, message: 'Unable to process input image.', status: 'INVALID_ARGUMENT' } }),
		)
	})
	await new Promise<void>((resolve) => gemini.listen(0, '127.0.0.1', resolve))
	try {
		const agent = await insertUser({ role: 'agent' })
		const project = await newProject(agent, '9 Broken Road')
		const folder = await photoFolder('broken', ['kitchen.jpg'])
		const env = {
			RENDER_PROVIDER: 'gemini',
			GEMINI_API_KEY: 'test-key',
			GEMINI_BASE_URL: `http://127.0.0.1:${(gemini.address() as AddressInfo).port}`,
		}
		const result = await rendo(['submit', project.id, folder, '--style', 'industrial', '--wait'], { env })
		expect(result.code).toBe(1)
		expect(result.stdout).toMatch(/^kitchen\s+kitchen\s+industrial\s+0\/3\s+3\s+failed$/m)
		expect(result.stdout).toMatch(
			/Failed:\n {2}kitchen · industrial: Gemini refused the request: .*Unable to process input image\./,
		)
		expect(result.stderr.trim().split('\n').at(-1)).toBe('rendo: 3 of 3 variations failed')
	} finally {
		await new Promise((resolve) => gemini.close(resolve))
	}
}, 60_000)

test('submit --same-room marks every other photo a view of the first, before processing; the local preview stages each on its own and says so', async () => {
	const agent = await insertUser({ role: 'agent' })
	const project = await newProject(agent, '3 Views Terrace')
	const folder = await photoFolder('views', ['lounge-1.jpg', 'lounge-2.jpg', 'lounge-3.jpg'])

	const submitted = await rendoJson([
		'submit',
		project.id,
		folder,
		'--room',
		'living',
		'--style',
		'modern',
		'--same-room',
		'--wait',
	])
	const [first, ...views] = submitted.rooms as Array<{ id: string; photo: string; sameRoomAs: string | null }>
	expect(path.basename(first.photo)).toBe('lounge-1.jpg')
	expect(first.sameRoomAs).toBeNull()
	expect(views.map((v) => [path.basename(v.photo), v.sameRoomAs])).toEqual([
		['lounge-2.jpg', first.id],
		['lounge-3.jpg', first.id],
	])
	expect(submitted.progress.totals).toMatchObject({ rooms: 3, expected: 9, done: 9, failed: 0, pending: 0 })
	const rooms = await db
		.select({ id: propertyStudioRooms.id, sameRoomAs: propertyStudioRooms.sameRoomAs })
		.from(propertyStudioRooms)
		.where(eq(propertyStudioRooms.projectId, project.id))
	expect(Object.fromEntries(rooms.map((r) => [r.id, r.sameRoomAs]))).toEqual({
		[first.id]: null,
		[views[0].id]: first.id,
		[views[1].id]: first.id,
	})
	const variations = await db
		.select({ roomId: propertyStudioVariations.roomId, note: propertyStudioVariations.stagingNote })
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.where(eq(propertyStudioRooms.projectId, project.id))
	expect(variations.filter((v) => v.roomId === first.id).map((v) => v.note)).toEqual([null, null, null])
	const notes = variations.filter((v) => v.roomId !== first.id).map((v) => v.note)
	expect(notes).toHaveLength(6)
	for (const note of notes)
		expect(note).toMatch(/^Staged on its own: .* does not stage views of one room together yet$/)
}, 120_000)

test('submit --same-room refuses photos of different room types, and a single photo, before anything is uploaded', async () => {
	const agent = await insertUser({ role: 'agent' })
	const project = await newProject(agent, '5 Mixed Row')
	const folder = await photoFolder('mixed', ['kitchen.jpg', 'master-bedroom.jpg'])

	const mixed = await rendo(['submit', project.id, folder, '--style', 'modern', '--same-room'])
	expect(mixed.code).toBe(2)
	expect(mixed.stderr.trim().split('\n')).toEqual([
		'rendo: --same-room: the photos are of different room types: kitchen.jpg (Kitchen), master-bedroom.jpg (Bedroom); views of one room are of one room type (give it with --room)',
	])

	const one = await rendo(['submit', project.id, path.join(folder, 'kitchen.jpg'), '--style', 'modern', '--same-room'])
	expect(one.code).toBe(2)
	expect(one.stderr.trim().split('\n')).toEqual([
		'rendo: --same-room needs at least two photos: the first view of the room and another view of it',
	])
	expect(await db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.projectId, project.id))).toEqual([])

	// --room gives them one type: sent, and the table says which photo each is another view of.
	const sent = await rendo(['submit', project.id, folder, '--room', 'kitchen', '--style', 'modern', '--same-room'])
	expect(sent.code).toBe(0)
	const lines = sent.stdout.trim().split('\n')
	expect(lines[0]).toMatch(/^PHOTO\s+ROOM\s+TYPE\s+STYLES\s+RENDERS QUEUED\s+VIEW OF$/)
	expect(lines[1]).toMatch(/kitchen\.jpg\s+[0-9a-f-]{36}\s+kitchen\s+modern\s+3\s+first view$/)
	expect(lines[2]).toMatch(/master-bedroom\.jpg\s+[0-9a-f-]{36}\s+kitchen\s+modern\s+3\s+kitchen\.jpg$/)
}, 60_000)
