import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { asc, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { propertyImportKeys } from '#db/schema/imports.ts'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { rendo, rendoJson } from '#tests/cli.ts'
import { insertUser } from '#tests/factories.ts'
import { settleJobs } from '#tests/jobs.ts'
import { csvLine, IMPORT_HEADER, writeRoomPhoto } from '#tests/fixtures/import-csv.ts'

const SAMPLE = path.resolve('tests/fixtures/import')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-import-test-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

/** A copy of the sample (CSV and photos) that a test may change. */
function copySample(name: string) {
	const dir = path.join(work, name)
	fs.cpSync(SAMPLE, dir, { recursive: true })
	return dir
}

async function countsFor(userId: string) {
	const [projects] = await db
		.select({ n: count() })
		.from(propertyStudioProjects)
		.where(eq(propertyStudioProjects.userId, userId))
	const [rooms] = await db
		.select({ n: count() })
		.from(propertyStudioRooms)
		.innerJoin(propertyStudioProjects, eq(propertyStudioProjects.id, propertyStudioRooms.projectId))
		.where(eq(propertyStudioProjects.userId, userId))
	const [variations] = await db
		.select({ n: count() })
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.innerJoin(propertyStudioProjects, eq(propertyStudioProjects.id, propertyStudioRooms.projectId))
		.where(eq(propertyStudioProjects.userId, userId))
	const [keys] = await db.select({ n: count() }).from(propertyImportKeys).where(eq(propertyImportKeys.userId, userId))
	return { projects: projects.n, rooms: rooms.n, variations: variations.n, keys: keys.n }
}

async function renderJobs() {
	const { rows } = await db.execute<{ priority: number; n: number }>(
		sql`select priority, count(*)::int as n from graphile_worker.jobs where task_identifier = 'stage_render' group by priority`,
	)
	return rows
}

const storedRooms = () => {
	const dir = path.join(config().dataDir, 'files', 'rooms')
	return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0
}

test('the sample CSV: a dry run writes nothing, a real run makes 3 projects and 7 rooms, a rerun duplicates nothing', async () => {
	const agent = await insertUser({ role: 'agent' })
	const csv = path.join(SAMPLE, 'properties.csv')

	const dryRun = await rendoJson(['import', csv, '--as', agent.email, '--style', 'modern', '--dry-run'])
	expect(dryRun).toEqual({
		dryRun: true,
		rows: 7,
		properties: [
			{ address: '12 Acacia Avenue, Leeds LS6 2AB', newProject: true, roomsToAdd: 3, views: [] },
			{ address: '4 Harbour View, Whitby YO21 3PU', newProject: true, roomsToAdd: 2, views: [] },
			{ address: '7 Mill Lane, York YO1 7HH', newProject: true, roomsToAdd: 2, views: [] },
		],
		roomsToAdd: 7,
		rowsSkipped: 0,
		rendersToQueue: 24,
		problems: [],
	})
	expect(await countsFor(agent.id)).toEqual({ projects: 0, rooms: 0, variations: 0, keys: 0 })

	const first = await rendo(['import', csv, '--as', agent.email, '--style', 'modern'])
	expect(first.code).toBe(0)
	expect(first.stdout).toBe('Projects created: 3\nRooms added:      7\nRenders queued:   24\nRows skipped:     0\n')
	expect(first.stderr).toContain('Importing rows [############################] 7/7')
	expect(await countsFor(agent.id)).toEqual({ projects: 3, rooms: 7, variations: 24, keys: 10 })

	const projects = await db
		.select()
		.from(propertyStudioProjects)
		.where(eq(propertyStudioProjects.userId, agent.id))
		.orderBy(asc(propertyStudioProjects.propertyAddress))
	expect(projects.map((p) => [p.propertyAddress, p.clientName, p.clientEmail, p.totalRooms])).toEqual([
		['12 Acacia Avenue, Leeds LS6 2AB', 'Jo Bloggs', 'jo.bloggs@example.com', 3],
		['4 Harbour View, Whitby YO21 3PU', 'Sam Patel', null, 2],
		['7 Mill Lane, York YO1 7HH', null, null, 2],
	])
	const rooms = await db
		.select({
			name: propertyStudioRooms.roomName,
			type: propertyStudioRooms.roomType,
			styles: propertyStudioRooms.selectedStyles,
			order: propertyStudioRooms.sortOrder,
		})
		.from(propertyStudioRooms)
		.where(eq(propertyStudioRooms.projectId, projects[0].id))
		.orderBy(asc(propertyStudioRooms.sortOrder))
	expect(rooms).toEqual([
		{ name: 'kitchen', type: 'kitchen', styles: ['modern', 'luxury'], order: 0 },
		{ name: 'living-room', type: 'living', styles: ['modern'], order: 1 },
		{ name: 'master-suite', type: 'bedroom', styles: ['scandinavian'], order: 2 },
	])
	// one job per room and style, queued behind interactive work
	expect(await renderJobs()).toEqual([{ priority: 2, n: 8 }])
	expect(storedRooms()).toBe(7)

	const again = await rendoJson(['import', csv, '--as', agent.email, '--style', 'modern'])
	expect(again).toEqual({
		dryRun: false,
		rows: 7,
		projectsCreated: 0,
		roomsAdded: 0,
		rendersQueued: 0,
		rowsSkipped: 7,
		failures: [],
	})
	expect(await countsFor(agent.id)).toEqual({ projects: 3, rooms: 7, variations: 24, keys: 10 })
	expect(storedRooms()).toBe(7)

	// A new row for a known address joins that project; the others are skipped.
	const grown = copySample('grown')
	await writeRoomPhoto(path.join(grown, 'photos/7-mill-lane/bedroom.jpg'), { seed: 11 })
	fs.appendFileSync(
		path.join(grown, 'properties.csv'),
		`${csvLine(['7 mill lane,  York YO1 7HH', '', '', 'photos/7-mill-lane/bedroom.jpg', '', 'farmhouse'])}\n`,
	)
	const third = await rendoJson([
		'import',
		path.join(grown, 'properties.csv'),
		'--as',
		agent.email,
		'--style',
		'modern',
	])
	expect(third).toMatchObject({ projectsCreated: 0, roomsAdded: 1, rendersQueued: 3, rowsSkipped: 7 })
	const [mill] = await db.select().from(propertyStudioProjects).where(eq(propertyStudioProjects.id, projects[2].id))
	expect(mill.totalRooms).toBe(3)

	// Another agent importing the same file gets projects of their own.
	const other = await insertUser({ role: 'agent' })
	expect(await rendoJson(['import', csv, '--as', other.email])).toMatchObject({
		projectsCreated: 3,
		roomsAdded: 7,
		rendersQueued: 15,
	})
}, 120_000)

test('a CSV with bad rows is refused with every line number and reason, and nothing is written', async () => {
	const agent = await insertUser({ role: 'agent' })
	const dir = copySample('bad')
	fs.writeFileSync(path.join(dir, 'kitchen.heic'), 'not really a photo')
	fs.writeFileSync(path.join(dir, 'huge.jpg'), '')
	fs.truncateSync(path.join(dir, 'huge.jpg'), 11 * 1024 * 1024)
	const rows = [
		['1 Good Road, Leeds', 'Ann', '', 'photos/12-acacia-avenue/kitchen.jpg', '', 'modern'],
		['', 'Bob', '', 'photos/12-acacia-avenue/kitchen.jpg', '', ''],
		['2 Bad Email Way', 'Cy', 'not-an-email', 'photos/12-acacia-avenue/kitchen.jpg', '', ''],
		['3 Heic Street', '', '', 'kitchen.heic', '', ''],
		['3 Heic Street', '', '', 'missing.jpg', 'garage', 'baroque;modern'],
		['4 Huge Lane', '', '', 'huge.jpg', '', ''],
		['1 Good Road, Leeds', 'Dee', '', 'photos/12-acacia-avenue/bedroom.jpg', '', ''],
		['1 Good Road, Leeds', '', '', 'photos/12-acacia-avenue/kitchen.jpg', '', ''],
		['5 Short Row', ''],
		['6 Url Road', '', '', 'https://exa mple.com/x.jpg', '', ''],
	]
	const csv = path.join(dir, 'bad.csv')
	fs.writeFileSync(csv, `${[IMPORT_HEADER, ...rows].map(csvLine).join('\n')}\n`)

	const result = await rendo(['import', csv, '--as', agent.email, '--style', 'modern'])
	expect(result.code).toBe(2)
	expect(result.stdout).toBe('')
	expect(result.stderr.trim().split('\n')).toEqual([
		'line 3: address: Property address is required',
		'line 4: client_email: Valid email required',
		'line 5: photo kitchen.heic: not a JPEG, PNG or WebP image',
		'line 6: room_type: "garage" is not one of kitchen, living, bedroom, bathroom, dining, office, exterior, kids_room, outdoor; styles: "baroque" is not one of modern, luxury, scandinavian, industrial, midcentury, farmhouse, coastal, standard, empty, twilight, enhance; photo missing.jpg: no such file',
		'line 7: photo huge.jpg: larger than 10 MB',
		'line 8: client_name: differs from line 2 for the same address; photo photos/12-acacia-avenue/bedroom.jpg: no such file',
		'line 9: photo: listed twice for this address (line 2)',
		'line 10: has 2 fields, the header has 6',
		'line 11: photo: "https://exa mple.com/x.jpg" is not a valid URL',
		`rendo: 9 bad rows in ${csv}: nothing was imported`,
	])
	expect(await countsFor(agent.id)).toEqual({ projects: 0, rooms: 0, variations: 0, keys: 0 })

	const json = await rendo(['import', csv, '--as', agent.email, '--dry-run', '--json'])
	expect(json.code).toBe(2)
	expect(JSON.parse(json.stdout).problems[0]).toEqual({ line: 3, reason: 'address: Property address is required' })
}, 60_000)

test('a file that is not the import format is bad usage, named in one line', async () => {
	const agent = await insertUser({ role: 'agent' })
	const csv = path.join(work, 'columns.csv')
	fs.writeFileSync(csv, 'address,photo,colour\n1 Road,a.jpg,red\n')
	const unknown = await rendo(['import', csv, '--as', agent.email])
	expect(unknown.code).toBe(2)
	expect(unknown.stderr.trim()).toBe(
		'rendo: csv: unknown column "colour": the columns are address, client_name, client_email, photo, room_type, styles, same_room',
	)

	fs.writeFileSync(csv, 'address,client_name\n1 Road,Jo\n')
	const missing = await rendo(['import', csv, '--as', agent.email])
	expect(missing.stderr.trim()).toBe(
		'rendo: csv: missing column "photo": the columns are address, client_name, client_email, photo, room_type, styles, same_room',
	)

	const absent = await rendo(['import', path.join(work, 'absent.csv'), '--as', agent.email])
	expect(absent.code).toBe(2)
	expect(absent.stderr.trim()).toBe(`rendo: csv: cannot read ${path.join(work, 'absent.csv')}`)

	const nobody = await rendo(['import', csv, '--as', 'nobody@rendo.test'])
	expect(nobody.code).toBe(2)
	expect(nobody.stderr.trim()).toBe('rendo: --as: no account with the e-mail nobody@rendo.test')
}, 60_000)

let photoServer: http.Server
let baseUrl = ''
beforeAll(async () => {
	const photo = fs.readFileSync(path.join(SAMPLE, 'photos/4-harbour-view/lounge.jpg'))
	photoServer = http.createServer((req, res) => {
		if (req.url === '/listing/lounge.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo)
		else res.writeHead(404).end()
	})
	await new Promise<void>((resolve) => photoServer.listen(0, '127.0.0.1', resolve))
	baseUrl = `http://127.0.0.1:${(photoServer.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => photoServer.close(resolve)))

test('photos given as http(s) URLs are fetched, checked like files and imported', async () => {
	const agent = await insertUser({ role: 'agent' })
	const csv = path.join(work, 'urls.csv')
	const write = (photos: string[]) =>
		fs.writeFileSync(
			csv,
			`${[IMPORT_HEADER, ...photos.map((p) => ['9 Url Street', '', '', p, '', 'luxury'])].map(csvLine).join('\n')}\n`,
		)

	write([`${baseUrl}/listing/lounge.jpg`, `${baseUrl}/listing/gone.jpg`])
	const refused = await rendo(['import', csv, '--as', agent.email, '--dry-run'])
	expect(refused.code).toBe(2)
	expect(refused.stderr).toContain(`line 3: photo ${baseUrl}/listing/gone.jpg: download failed: HTTP 404\n`)

	write([`${baseUrl}/listing/lounge.jpg`])
	expect(await rendoJson(['import', csv, '--as', agent.email])).toMatchObject({
		projectsCreated: 1,
		roomsAdded: 1,
		rendersQueued: 3,
	})
	const [room] = await db
		.select()
		.from(propertyStudioRooms)
		.innerJoin(propertyStudioProjects, eq(propertyStudioProjects.id, propertyStudioRooms.projectId))
		.where(eq(propertyStudioProjects.userId, agent.id))
	expect(room.property_studio_rooms).toMatchObject({ roomType: 'living', roomName: 'lounge' })
}, 60_000)

const SAME_ROOM_HEADER = [...IMPORT_HEADER, 'same_room']

/** An agent's rooms: each photo's name, and the first view it is another view of. */
const roomsOf = (userId: string) =>
	db
		.select({
			id: propertyStudioRooms.id,
			name: propertyStudioRooms.roomName,
			sameRoomAs: propertyStudioRooms.sameRoomAs,
		})
		.from(propertyStudioRooms)
		.innerJoin(propertyStudioProjects, eq(propertyStudioProjects.id, propertyStudioRooms.projectId))
		.where(eq(propertyStudioProjects.userId, userId))

test('same_room: rows of one property with one value are views of one room, the first its first view; a rerun adds a new view to the room an earlier run made', async () => {
	const agent = await insertUser({ role: 'agent' })
	const dir = path.join(work, 'views')
	for (const [i, name] of ['lounge-a.jpg', 'lounge-b.jpg', 'lounge-c.jpg', 'bath.jpg', 'den.jpg'].entries())
		await writeRoomPhoto(path.join(dir, name), { seed: 20 + i })
	const csv = path.join(dir, 'views.csv')
	const rows = [
		['8 View Road', '', '', 'lounge-a.jpg', 'living', 'modern', 'Lounge'],
		['8 View Road', '', '', 'bath.jpg', 'bathroom', 'modern', 'bath'],
		['8 View Road', '', '', 'lounge-b.jpg', 'living', 'modern', 'lounge'],
		['9 Other Road', '', '', 'den.jpg', 'living', 'modern', 'Lounge'],
	]
	fs.writeFileSync(csv, `${[SAME_ROOM_HEADER, ...rows].map(csvLine).join('\n')}\n`)
	const first = await rendoJson(['import', csv, '--as', agent.email])
	expect(first).toMatchObject({ projectsCreated: 2, roomsAdded: 4, rendersQueued: 12, failures: [] })

	const roomsByName = async () => Object.fromEntries((await roomsOf(agent.id)).map((r) => [r.name, r]))
	let rooms = await roomsByName()
	expect(rooms['lounge-a'].sameRoomAs).toBeNull()
	expect(rooms['lounge-b'].sameRoomAs).toBe(rooms['lounge-a'].id)
	// A group of one has nothing to match; another property's group of the same name is its own.
	expect(rooms.bath.sameRoomAs).toBeNull()
	expect(rooms.den.sameRoomAs).toBeNull()

	// A rerun with one more view: nothing twice, the new view marked same room as the first view made before.
	rows.push(['8 View Road', '', '', 'lounge-c.jpg', 'living', 'modern', 'LOUNGE'])
	fs.writeFileSync(csv, `${[SAME_ROOM_HEADER, ...rows].map(csvLine).join('\n')}\n`)
	const again = await rendoJson(['import', csv, '--as', agent.email])
	expect(again).toMatchObject({ projectsCreated: 0, roomsAdded: 1, rowsSkipped: 4, rendersQueued: 3, failures: [] })
	rooms = await roomsByName()
	expect(rooms['lounge-c'].sameRoomAs).toBe(rooms['lounge-a'].id)
	expect(Object.keys(rooms)).toHaveLength(5)

	// The local preview stages views one by one: the views' variations say so, the first view's say nothing.
	await settleJobs()
	const notes = await db
		.select({
			roomId: propertyStudioVariations.roomId,
			status: propertyStudioVariations.status,
			note: propertyStudioVariations.stagingNote,
		})
		.from(propertyStudioVariations)
		.where(
			sql`${propertyStudioVariations.roomId} in (${sql.join(
				[rooms['lounge-a'].id, rooms['lounge-b'].id, rooms['lounge-c'].id].map((id) => sql`${id}`),
				sql`, `,
			)})`,
		)
	expect(notes.filter((n) => n.roomId === rooms['lounge-a'].id).map((n) => n.note)).toEqual([null, null, null])
	const viewNotes = notes.filter((n) => n.roomId !== rooms['lounge-a'].id)
	expect(viewNotes.map((n) => n.status)).toEqual(Array(6).fill('completed'))
	for (const { note } of viewNotes)
		expect(note).toMatch(/^Staged on its own: .* does not stage views of one room together yet$/)
}, 120_000)

test('same_room: a group of different room types is refused before anything is uploaded, naming the rows and photos', async () => {
	const agent = await insertUser({ role: 'agent' })
	const dir = path.join(work, 'views-mixed')
	for (const [i, name] of ['lounge.jpg', 'kitchen.jpg', 'lounge-2.jpg'].entries())
		await writeRoomPhoto(path.join(dir, name), { seed: 40 + i })
	const csv = path.join(dir, 'mixed.csv')
	const rows = [
		['10 Mixed Road', '', '', 'lounge.jpg', '', 'modern', 'front room'],
		['10 Mixed Road', '', '', 'kitchen.jpg', '', 'modern', 'front room'],
		['10 Mixed Road', '', '', 'lounge-2.jpg', 'living', 'modern', 'front room'],
	]
	fs.writeFileSync(csv, `${[SAME_ROOM_HEADER, ...rows].map(csvLine).join('\n')}\n`)
	const result = await rendo(['import', csv, '--as', agent.email])
	expect(result.code).toBe(2)
	expect(result.stderr.trim().split('\n')).toEqual([
		'line 3: same_room "front room": kitchen.jpg (Kitchen) is another view of lounge.jpg (Living Room, line 2), a different room type: views of one room are of one room type',
		`rendo: 1 bad row in ${csv}: nothing was imported`,
	])
	// A dry run refuses the group as the real run does.
	expect(await rendo(['import', csv, '--as', agent.email, '--dry-run'])).toEqual(result)
	expect(await countsFor(agent.id)).toEqual({ projects: 0, rooms: 0, variations: 0, keys: 0 })
}, 60_000)

test('same_room: a dry run names each view and the photo it is a view of, as the real run then marks them', async () => {
	const agent = await insertUser({ role: 'agent' })
	const dir = copySample('views-dry-run')
	const csv = path.join(dir, 'same-room.csv')
	const address = '12 Acacia Avenue, Leeds LS6 2AB'
	const lounge = {
		line: 4,
		photo: 'photos/4-harbour-view/lounge.jpg',
		viewOf: { line: 2, photo: 'photos/12-acacia-avenue/living-room.jpg' },
	}

	const dryRun = await rendo(['import', csv, '--as', agent.email, '--dry-run'])
	expect(dryRun.code).toBe(0)
	expect(dryRun.stdout.split('\n')).toEqual([
		'Rows:               3',
		'Projects to create: 1',
		'Rooms to add:       3',
		'Renders to queue:   9',
		'Rows skipped:       0 (already imported)',
		'',
		'Views of one room, each staged to match the photo it is a view of:',
		'LINE  ADDRESS                          PHOTO                             VIEW OF',
		`4     ${address}  photos/4-harbour-view/lounge.jpg  photos/12-acacia-avenue/living-room.jpg (line 2)`,
		'',
		'Dry run: every row is valid; nothing was written.',
		'',
	])
	expect(await rendoJson(['import', csv, '--as', agent.email, '--dry-run'])).toMatchObject({
		properties: [{ address, newProject: true, roomsToAdd: 3, views: [lounge] }],
	})
	expect(await countsFor(agent.id)).toEqual({ projects: 0, rooms: 0, variations: 0, keys: 0 })

	expect(await rendoJson(['import', csv, '--as', agent.email])).toMatchObject({ roomsAdded: 3, failures: [] })
	const rooms = await roomsOf(agent.id)
	const idOf = Object.fromEntries(rooms.map((r) => [r.name, r.id]))
	expect(Object.fromEntries(rooms.map((r) => [r.name, r.sameRoomAs]))).toEqual({
		'living-room': null,
		kitchen: null,
		lounge: idOf['living-room'],
	})

	// A new view of a first view an earlier run imported: named the same way, the rest skipped.
	fs.appendFileSync(
		csv,
		`${csvLine([address, '', '', 'photos/7-mill-lane/study.jpg', 'living', 'modern', 'LOUNGE'])}\n`,
	)
	expect(await rendoJson(['import', csv, '--as', agent.email, '--dry-run'])).toMatchObject({
		properties: [
			{
				address,
				newProject: false,
				roomsToAdd: 1,
				views: [{ line: 5, photo: 'photos/7-mill-lane/study.jpg', viewOf: lounge.viewOf }],
			},
		],
		rowsSkipped: 3,
	})
}, 60_000)
