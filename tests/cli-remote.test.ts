import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { accessTokens } from '#db/schema/accounts.ts'
import { propertyStudioRooms } from '#db/schema/studio.ts'
import { createAccessToken } from '#core/accounts/access-tokens.ts'
import { db } from '#core/platform/db.ts'
import { PREVIEW_CANNOT_EDIT } from '#core/render/local-preview.ts'
import { reportIssue } from '#core/tickets/tickets.ts'
import { uploadKeyOf } from '#cli/remote/send-photo.ts'
import { startWebProcess } from '#tests/child-process.ts'
import { rendo, rendoJson } from '#tests/cli.ts'
import { actorFor, insertUser, PASSWORD } from '#tests/factories.ts'
import { livePageOf, whatOpens } from '#tests/originals-address.ts'
import { csvLine, IMPORT_HEADER, writeRoomPhoto } from '#tests/fixtures/import-csv.ts'
import { readZip } from '#tests/zip.ts'

/**
 * The CLI over HTTPS, end to end: a real Rendo web server in its own process (jobs and the local
 * preview in it) on this file's database, and the real `rendo` binary talking to it with tokens
 * only. The binary gets no say in the database here: DATABASE_URL points nowhere, so a command
 * that fell back to the local mode would fail.
 */

// Each test runs the binary five to fifteen times, a Node start-up each (a second or two on a busy
// 2-core machine): the default 20 s was met with little to spare, and missed under load.
vi.setConfig({ testTimeout: 90_000 })

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-cli-remote-'))
let web: Awaited<ReturnType<typeof startWebProcess>>

beforeAll(async () => {
	web = await startWebProcess()
}, 240_000)
afterAll(async () => {
	await web?.stop()
	fs.rmSync(work, { recursive: true, force: true })
})

const NO_DATABASE = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }

/** A fresh config folder: a machine that has never logged in. */
function machine() {
	return fs.mkdtempSync(path.join(work, 'config-'))
}

/** `rendo` as a script runs it, with RENDO_URL and a token. */
function withToken(token: string, extra: Record<string, string> = {}) {
	return { env: { ...NO_DATABASE, RENDO_CONFIG_DIR: machine(), RENDO_URL: web.url, RENDO_TOKEN: token, ...extra } }
}

async function tokenFor(user: { id: string; role: string; email: string }, scope: 'read' | 'write' | 'staff') {
	const { secret } = await createAccessToken(actorFor(user), { name: `test ${scope}`, scope, expiresIn: '30' })
	return secret
}

async function photos(name: string, count: number) {
	const dir = path.join(work, name)
	for (let i = 0; i < count; i++) await writeRoomPhoto(path.join(dir, `living-room-${i + 1}.jpg`), { seed: i + 1 })
	return dir
}

const roomsOf = (projectId: string) =>
	db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.projectId, projectId))

describe('rendo login, whoami, logout', () => {
	test('logs in with e-mail and password into a 0600 file, says so in --help, and logout revokes the token', async () => {
		const agent = await insertUser({ role: 'agent' })
		const config = machine()
		const env = { ...NO_DATABASE, RENDO_CONFIG_DIR: config }

		const login = await rendo(['login', '--url', web.url, '--email', agent.email, '--password-stdin'], {
			stdin: `${PASSWORD}\n`,
			env,
		})
		expect(login.stderr).toBe('')
		expect(login.stdout).toContain(`Logged in to ${web.url} as ${agent.email} (write scope)`)
		const file = path.join(config, 'credentials.json')
		expect(fs.statSync(file).mode & 0o777).toBe(0o600)
		const saved = JSON.parse(fs.readFileSync(file, 'utf8'))
		expect(saved.token).toMatch(/^rendo_pat_/)
		const [token] = await db.select().from(accessTokens).where(eq(accessTokens.userId, agent.id))
		expect(token).toMatchObject({ id: saved.tokenId, scope: 'write', revokedAt: null })
		expect(token.name).toMatch(/^rendo CLI on /)

		const me = await rendoJson(['whoami'], { env })
		expect(me).toMatchObject({ url: web.url, source: 'login', email: agent.email, token: { scope: 'write' } })
		expect((await rendo(['projects', 'list', '--help'], { env })).stdout).toContain(`Mode: over the API of ${web.url}`)
		expect((await rendo(['users', 'list', '--help'], { env })).stdout).toContain('Mode: on the local database only')

		// Looser permissions than 0600: refused, with what to do.
		fs.chmodSync(file, 0o644)
		const loose = await rendo(['projects', 'list'], { env })
		expect(loose.code).toBe(2)
		expect(loose.stderr).toContain(`${file} can be read by others (mode 644): run chmod 600`)
		fs.chmodSync(file, 0o600)

		const logout = await rendo(['logout'], { env })
		expect(logout.stdout).toContain(`Logged out of ${web.url}; the token is revoked.`)
		expect(fs.existsSync(file)).toBe(false)
		const [revoked] = await db.select().from(accessTokens).where(eq(accessTokens.id, saved.tokenId))
		expect(revoked.revokedAt).not.toBeNull()
		const after = await rendo(['whoami'], withToken(saved.token))
		expect(after.code).toBe(1)
		expect(after.stderr).toContain('rendo: This access token has been revoked')
	})

	test('takes a token on standard input; refuses plain http to another host, a wrong password and an empty token', async () => {
		const admin = await insertUser({ role: 'admin' })
		const env = { ...NO_DATABASE, RENDO_CONFIG_DIR: machine() }
		const token = await tokenFor(admin, 'staff')
		const login = await rendoJson(['login', '--url', web.url, '--token-stdin'], { stdin: token, env })
		expect(login).toMatchObject({ url: web.url, email: admin.email, token: { scope: 'staff' } })

		const plain = await rendo(['login', '--url', 'http://rendo.example', '--token-stdin'], { stdin: token, env })
		expect(plain.code).toBe(2)
		expect(plain.stderr).toContain('http://rendo.example is plain http')
		const elsewhere = machine()
		const wrong = await rendo(['login', '--url', web.url, '--email', admin.email, '--password-stdin'], {
			stdin: 'not-the-password',
			env: { ...env, RENDO_CONFIG_DIR: elsewhere },
		})
		expect(wrong.code).toBe(1)
		expect(wrong.stderr).toMatch(/^rendo: .*password/im)
		expect(fs.existsSync(path.join(elsewhere, 'credentials.json'))).toBe(false)
		const empty = await rendo(['login', '--url', web.url, '--token-stdin'], { stdin: '', env })
		expect(empty.code).toBe(2)
	})
})

describe('an agent from their own machine', () => {
	test('projects, submit --wait, status and a rerun that sends nothing twice; --as is refused', async () => {
		const agent = await insertUser({ role: 'agent' })
		const opts = withToken(await tokenFor(agent, 'write'))
		const project = await rendoJson(['projects', 'create', '--address', '3 Mill Lane, York'], opts)
		expect(project).toMatchObject({ propertyAddress: '3 Mill Lane, York', status: 'active' })
		const listed = await rendo(['projects', 'list'], opts)
		expect(listed.stdout.split('\n')[0]).toMatch(/^ID\s+ADDRESS\s+CLIENT\s+STATUS\s+ROOMS\s+CREATED$/)
		expect(listed.stdout).toContain('3 Mill Lane, York')

		const folder = await photos('mill-lane', 3)
		const sent = await rendoJson(['submit', project.id, folder, '--style', 'modern', '--wait'], opts)
		expect(sent.rooms).toHaveLength(3)
		expect(sent.rooms.every((r: { existing: boolean; queued: number }) => !r.existing && r.queued === 3)).toBe(true)
		expect(sent.progress.totals).toMatchObject({ expected: 9, done: 9, pending: 0, failed: 0 })

		const again = await rendoJson(['submit', project.id, folder, '--style', 'modern'], opts)
		expect(again.rooms.map((r: { existing: boolean; queued: number }) => [r.existing, r.queued])).toEqual([
			[true, 0],
			[true, 0],
			[true, 0],
		])
		expect(await roomsOf(project.id)).toHaveLength(3)

		const status = await rendo(['status', project.id, '--watch'], opts)
		expect(status.stdout).toContain('Variations: 9/9 done, 0 pending, 0 failed')
		// The originals page's address, from the server's answer: it opens the property's live page.
		const originals = /^Originals: +(\S+)$/m.exec(status.stdout)?.[1]
		expect(await whatOpens(originals)).toEqual({ page: livePageOf(project.id), anchor: undefined })
		const shown = await rendoJson(['projects', 'show', project.id], opts)
		expect(shown.rooms).toHaveLength(3)

		const as = await rendo(['projects', 'list', '--as', agent.email], opts)
		expect(as.code).toBe(2)
		expect(as.stderr).toContain('--as works on the local database only')
	})

	test('an upload cut by Ctrl-C, or between upload and processing, is finished by the next run without a duplicate', async () => {
		const agent = await insertUser({ role: 'agent' })
		const opts = withToken(await tokenFor(agent, 'write'))
		const project = await rendoJson(['projects', 'create', '--address', '8 Quay Street, Bristol'], opts)
		const folder = await photos('quay-street', 6)

		// Ctrl-C once the first photo is sent: wherever it lands, the next run ends with each photo once.
		const child = spawn(process.execPath, ['cli/bin.js', 'submit', project.id, folder, '--style', 'modern'], {
			env: { ...process.env, ...opts.env },
			stdio: ['ignore', 'ignore', 'pipe'],
		})
		const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
		let stderr = ''
		child.stderr.on('data', (chunk) => {
			stderr += chunk
			if (!child.killed && /Uploading .* 1\/6/.test(stderr)) child.kill('SIGINT')
		})
		const code = await exited
		if (code !== 0) {
			expect(code).toBe(1)
			expect(stderr).toContain('rendo: interrupted: the photos sent so far are kept; run the same command again')
		}
		const before = (await roomsOf(project.id)).length

		const resumed = await rendoJson(['submit', project.id, folder, '--style', 'modern'], opts)
		expect(resumed.rooms).toHaveLength(6)
		// Uploads the server had already received when Ctrl-C came may have finished after the client left.
		expect(resumed.rooms.filter((r: { existing: boolean }) => r.existing).length).toBeGreaterThanOrEqual(before)
		const rooms = await roomsOf(project.id)
		expect(rooms).toHaveLength(6)
		expect(rooms.every((room) => room.selectedStyles.includes('modern'))).toBe(true)

		// A run that stopped after the upload and before processing: the server has the room, unprocessed.
		const extra = path.join(work, 'quay-street-extra')
		const photo = path.join(extra, 'lounge.jpg')
		await writeRoomPhoto(photo, { seed: 99 })
		const form = new FormData()
		for (const [name, value] of Object.entries({ projectId: project.id, roomType: 'living', roomName: 'lounge' }))
			form.set(name, value)
		form.set('uploadKey', await uploadKeyOf(project.id, photo))
		form.set('image', new Blob([fs.readFileSync(photo)], { type: 'image/jpeg' }), 'lounge.jpg')
		const uploaded = await fetch(`${web.url}/api/property-studio/upload-image`, {
			method: 'POST',
			body: form,
			headers: { authorization: `Bearer ${opts.env.RENDO_TOKEN}` },
		})
		expect(uploaded.status).toBe(201)
		const finished = await rendoJson(['submit', project.id, extra, '--style', 'modern'], opts)
		expect(finished.rooms).toMatchObject([{ existing: true, queued: 3, selectedStyles: ['modern'] }])
		expect(await roomsOf(project.id)).toHaveLength(7)
	})

	test('download is resumable: a .part is continued, a corrupt one replaced, finished files skipped', async () => {
		const agent = await insertUser({ role: 'agent' })
		const token = await tokenFor(agent, 'write')
		const opts = withToken(token)
		const project = await rendoJson(['projects', 'create', '--address', '21 Park Row, Leeds'], opts)
		const sent = await rendoJson(
			['submit', project.id, await photos('park-row', 2), '--style', 'modern', '--wait'],
			opts,
		)
		const shown = await rendoJson(['projects', 'show', project.id], opts)
		expect(shown.rooms).toHaveLength(2)
		// Two favourites, hearted as the gallery does, with the same token.
		const variations = await fetch(`${web.url}/api/property-studio/projects/${project.id}/variations`, {
			headers: { authorization: `Bearer ${token}` },
		}).then((r) => r.json() as Promise<Array<{ id: string; roomId: string }>>)
		for (const room of sent.rooms as Array<{ id: string }>) {
			const variation = variations.find((v) => v.roomId === room.id)!
			const hearted = await fetch(`${web.url}/api/property-studio/variations/${variation.id}/favorite`, {
				method: 'POST',
				headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
				body: JSON.stringify({ isFavorite: true }),
			})
			expect(hearted.status).toBe(200)
		}

		const out = path.join(work, 'park-row-out')
		const first = await rendoJson(['download', project.id, '--out', out], opts)
		expect(first.files.map((f: { status: string }) => f.status)).toEqual(['downloaded', 'downloaded'])
		const [a, b] = first.files as Array<{ path: string; size: number }>
		const whole = fs.readFileSync(a.path)
		const other = fs.readFileSync(b.path)
		expect(whole.length).toBe(a.size)

		// As an interrupted run leaves them: the first file half there, the second's part corrupt.
		fs.rmSync(a.path)
		fs.writeFileSync(`${a.path}.part`, whole.subarray(0, Math.floor(whole.length / 2)))
		fs.rmSync(b.path)
		fs.writeFileSync(`${b.path}.part`, Buffer.alloc(1000, 7))
		const second = await rendoJson(['download', project.id, '--out', out], opts)
		expect(second.files.map((f: { status: string }) => f.status)).toEqual(['downloaded', 'downloaded'])
		expect(fs.readFileSync(a.path).equals(whole)).toBe(true)
		expect(fs.readFileSync(b.path).equals(other)).toBe(true)
		expect(fs.readdirSync(out).filter((f) => f.endsWith('.part'))).toEqual([])

		const third = await rendoJson(['download', project.id, '--out', out], opts)
		expect(third.files.map((f: { status: string }) => f.status)).toEqual(['skipped', 'skipped'])
	})

	test('download --pack over the API: the listing pack, named after the address, with its manifest', async () => {
		const agent = await insertUser({ role: 'agent' })
		const token = await tokenFor(agent, 'read')
		const writer = withToken(await tokenFor(agent, 'write'))
		const project = await rendoJson(['projects', 'create', '--address', '3 Kiln Yard, Hull'], writer)
		const sent = await rendoJson(
			['submit', project.id, await photos('kiln-yard', 1), '--style', 'modern', '--wait'],
			writer,
		)
		const variations = await fetch(`${web.url}/api/property-studio/projects/${project.id}/variations`, {
			headers: { authorization: `Bearer ${token}` },
		}).then((r) => r.json() as Promise<Array<{ id: string; roomId: string }>>)
		const kept = variations.find((v) => v.roomId === sent.rooms[0].id)!
		const hearted = await fetch(`${web.url}/api/property-studio/variations/${kept.id}/favorite`, {
			method: 'POST',
			headers: { authorization: `Bearer ${writer.env.RENDO_TOKEN}`, 'content-type': 'application/json' },
			body: JSON.stringify({ isFavorite: true }),
		})
		expect(hearted.status).toBe(200)

		const out = path.join(work, 'kiln-yard-pack')
		// A read token is enough to take the pack away.
		const saved = await rendoJson(['download', project.id, '--out', out, '--pack'], withToken(token))
		expect(saved.pack.path).toBe(path.join(out, '3-kiln-yard-listing-pack.zip'))
		const entries = readZip(fs.readFileSync(saved.pack.path))
		const manifest = JSON.parse(entries.find((e) => e.name === 'manifest.json')!.data!.toString())
		expect(manifest.images).toMatchObject([
			{ alteration: 'Furniture added, Modern style', originals_address: expect.stringContaining(`#v-${kept.id}`) },
		])
		const [row] = manifest.images
		expect(entries.map((e) => e.name).sort()).toEqual(
			[row.file, row.original, 'README.txt', 'manifest.csv', 'manifest.json'].sort(),
		)
		const original = entries.find((e) => e.name === row.original)!.data!
		const page = await fetch(row.originals_address.replace(/#.*/, ''))
		expect(page.status).toBe(200)
		// The original is the photo the public originals page shows beside the image.
		const stored = await fetch(`${row.originals_address.replace(/#.*/, '')}/${kept.id}/original`)
		expect(stored.status).toBe(200)
		expect(original.equals(Buffer.from(await stored.arrayBuffer()))).toBe(true)
	}, 120_000)

	test('import: checked on this machine, sent over the API, and a rerun (or one after a local import) skips by the same keys', async () => {
		const agent = await insertUser({ role: 'agent' })
		const opts = withToken(await tokenFor(agent, 'write'))
		const dir = path.join(work, 'import')
		for (const [i, name] of ['kitchen.jpg', 'lounge.jpg', 'bedroom.jpg'].entries())
			await writeRoomPhoto(path.join(dir, name), { seed: i + 10 })
		const csv = path.join(dir, 'properties.csv')
		const rows = [
			['1 Elm Road, Hull', 'Jo Bloggs', '', 'kitchen.jpg', '', 'modern'],
			['1 Elm Road, Hull', '', '', 'lounge.jpg', 'living', 'modern'],
			['2 Oak Road, Hull', '', '', 'bedroom.jpg', '', 'luxury'],
		]
		fs.writeFileSync(csv, [IMPORT_HEADER, ...rows].map(csvLine).join('\n'))

		const bad = path.join(dir, 'bad.csv')
		fs.writeFileSync(bad, [IMPORT_HEADER, ['3 Ash Road', '', '', 'missing.jpg', '', 'modern']].map(csvLine).join('\n'))
		const refused = await rendo(['import', bad], opts)
		expect(refused.code).toBe(2)
		expect(refused.stderr).toContain('line 2: photo missing.jpg')

		const dry = await rendoJson(['import', csv, '--dry-run'], opts)
		expect(dry).toMatchObject({ dryRun: true, rows: 3, roomsToAdd: 3, rowsSkipped: 0, rendersToQueue: 9 })
		const run = await rendoJson(['import', csv], opts)
		expect(run).toMatchObject({ projectsCreated: 2, roomsAdded: 3, rendersQueued: 9, rowsSkipped: 0, failures: [] })
		const rerun = await rendoJson(['import', csv], opts)
		expect(rerun).toMatchObject({ projectsCreated: 0, roomsAdded: 0, rendersQueued: 0, rowsSkipped: 3 })
		const projects = await rendoJson(['projects', 'list'], opts)
		expect(projects.map((p: { propertyAddress: string }) => p.propertyAddress).sort()).toEqual([
			'1 Elm Road, Hull',
			'2 Oak Road, Hull',
		])

		// The operator imported the same file on the server first: the agent's run skips it all.
		const other = await insertUser({ role: 'agent' })
		const local = await rendoJson(['import', csv, '--as', other.email])
		expect(local).toMatchObject({ roomsAdded: 3 })
		const remote = await rendoJson(['import', csv], withToken(await tokenFor(other, 'write')))
		expect(remote).toMatchObject({ projectsCreated: 0, roomsAdded: 0, rowsSkipped: 3 })
	})

	test('submit --same-room and the same_room column over the API: views marked same room as the first before processing, a rerun marks nothing twice', async () => {
		const agent = await insertUser({ role: 'agent' })
		const opts = withToken(await tokenFor(agent, 'write'))
		const project = await rendoJson(['projects', 'create', '--address', '6 View Lane, York'], opts)
		const folder = await photos('view-lane', 3)
		const sent = await rendoJson(['submit', project.id, folder, '--style', 'modern', '--same-room', '--wait'], opts)
		const [first, ...views] = sent.rooms as Array<{ id: string; sameRoomAs: string | null; queued: number }>
		expect([first.sameRoomAs, ...views.map((v) => v.sameRoomAs)]).toEqual([null, first.id, first.id])
		expect(sent.progress.totals).toMatchObject({ expected: 9, done: 9, pending: 0, failed: 0 })
		const stored = await roomsOf(project.id)
		expect(stored.filter((r) => r.sameRoomAs === first.id)).toHaveLength(2)
		const again = await rendoJson(['submit', project.id, folder, '--style', 'modern', '--same-room'], opts)
		expect(
			again.rooms.map((r: { existing: boolean; queued: number; sameRoomAs: string | null }) => [
				r.existing,
				r.queued,
				r.sameRoomAs,
			]),
		).toEqual([
			[true, 0, null],
			[true, 0, first.id],
			[true, 0, first.id],
		])

		const dir = path.join(work, 'import-views')
		for (const [i, name] of ['lounge-a.jpg', 'lounge-b.jpg', 'lounge-c.jpg'].entries())
			await writeRoomPhoto(path.join(dir, name), { seed: i + 30 })
		const csv = path.join(dir, 'views.csv')
		const rows = [
			['4 View Road, Hull', '', '', 'lounge-a.jpg', 'living', 'modern', 'lounge'],
			['4 View Road, Hull', '', '', 'lounge-b.jpg', 'living', 'modern', 'lounge'],
		]
		fs.writeFileSync(csv, [[...IMPORT_HEADER, 'same_room'], ...rows].map(csvLine).join('\n'))
		const run = await rendoJson(['import', csv], opts)
		expect(run).toMatchObject({ projectsCreated: 1, roomsAdded: 2, failures: [] })
		// A rerun with another view: it joins the first view the earlier run made.
		rows.push(['4 View Road, Hull', '', '', 'lounge-c.jpg', 'living', 'modern', 'lounge'])
		fs.writeFileSync(csv, [[...IMPORT_HEADER, 'same_room'], ...rows].map(csvLine).join('\n'))
		const rerun = await rendoJson(['import', csv], opts)
		expect(rerun).toMatchObject({ projectsCreated: 0, roomsAdded: 1, rowsSkipped: 2, failures: [] })
		const imported = await db
			.select({
				name: propertyStudioRooms.roomName,
				id: propertyStudioRooms.id,
				sameRoomAs: propertyStudioRooms.sameRoomAs,
			})
			.from(propertyStudioRooms)
			.where(
				eq(
					propertyStudioRooms.projectId,
					(await rendoJson(['projects', 'list'], opts)).find(
						(p: { propertyAddress: string }) => p.propertyAddress === '4 View Road, Hull',
					).id,
				),
			)
		const byName = Object.fromEntries(imported.map((r) => [r.name, r]))
		expect(byName['lounge-a'].sameRoomAs).toBeNull()
		expect(byName['lounge-b'].sameRoomAs).toBe(byName['lounge-a'].id)
		expect(byName['lounge-c'].sameRoomAs).toBe(byName['lounge-a'].id)
	}, 90_000)

	test("twilight and enhance are refused in the server's words before any upload: its provider is asked, not this machine's", async () => {
		const agent = await insertUser({ role: 'agent' })
		// This machine says OpenAI; the server renders with the local preview, which makes no photo edits.
		const opts = withToken(await tokenFor(agent, 'read'), {
			RENDER_PROVIDER: 'openai',
			OPENAI_API_KEY: 'sk-test-openai',
		})
		const project = await rendoJson(
			['projects', 'create', '--address', '4 Dusk Row, Hull'],
			withToken(await tokenFor(agent, 'write')),
		)
		const folder = await photos('dusk-row', 2)
		const submitted = await rendo(['submit', project.id, folder, '--style', 'modern', '--twilight'], opts)
		expect(submitted.code).toBe(2)
		expect(submitted.stderr.trim().split('\n')).toEqual([`rendo: styles: ${PREVIEW_CANNOT_EDIT}`])
		expect(await roomsOf(project.id)).toEqual([])

		const csv = path.join(folder, 'edits.csv')
		const rows = [
			['4 Dusk Row, Hull', '', '', 'living-room-1.jpg', 'exterior', 'twilight'],
			['4 Dusk Row, Hull', '', '', 'living-room-2.jpg', 'exterior', 'modern'],
			['5 Dusk Row, Hull', '', '', 'living-room-1.jpg', '', 'modern enhance'],
		]
		fs.writeFileSync(csv, [IMPORT_HEADER, ...rows].map(csvLine).join('\n'))
		const imported = await rendo(['import', csv, '--dry-run'], opts)
		expect(imported.code).toBe(2)
		expect(imported.stderr.trim().split('\n')).toEqual([
			`line 2: ${PREVIEW_CANNOT_EDIT}`,
			`line 4: ${PREVIEW_CANNOT_EDIT}`,
			`rendo: 2 bad rows in ${csv}: nothing was imported`,
		])
	})
})

describe('scopes and dead tokens', () => {
	test('a read token lists but cannot submit; expired and revoked tokens say which', async () => {
		const agent = await insertUser({ role: 'agent' })
		const read = withToken(await tokenFor(agent, 'read'))
		expect((await rendoJson(['projects', 'list'], read)).length).toBe(0)
		const create = await rendo(['projects', 'create', '--address', '9 Low Street'], read)
		expect(create.code).toBe(1)
		expect(create.stderr).toContain("rendo: This access token's scope is too small: this needs the write scope")

		const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000)
		const { secret: expired } = await createAccessToken(
			actorFor(agent),
			{ name: 'old', scope: 'write', expiresIn: '30' },
			longAgo,
		)
		const old = await rendo(['projects', 'list'], withToken(expired))
		expect(old.code).toBe(1)
		expect(old.stderr).toContain('rendo: This access token has expired')
	})

	test('tickets need a staff token: list, show, start, comment, resolve, close and stats over the API', async () => {
		const admin = await insertUser({ role: 'admin' })
		const agent = await insertUser({ role: 'agent' })
		const ticket = await reportIssue(actorFor(agent), {
			projectId: null,
			issueType: 'processing-stuck',
			description: 'The kitchen has been processing for an hour',
		})
		const staff = withToken(await tokenFor(admin, 'staff'))
		const listed = await rendoJson(['tickets', 'list', '--status', 'open', '--priority', ticket.priority], staff)
		expect(listed.map((t: { ticketNumber: string }) => t.ticketNumber)).toContain(ticket.ticketNumber)
		expect(await rendoJson(['tickets', 'start', ticket.ticketNumber], staff)).toMatchObject({ status: 'in-progress' })
		await rendoJson(['tickets', 'comment', ticket.ticketNumber, 'Looking into it', '--internal'], staff)
		expect(
			await rendoJson(['tickets', 'resolve', ticket.ticketNumber, '--resolution', 'Re-queued'], staff),
		).toMatchObject({ status: 'resolved', resolution: 'Re-queued' })
		expect(await rendoJson(['tickets', 'close', ticket.ticketNumber], staff)).toMatchObject({ status: 'closed' })
		const shown = await rendo(['tickets', 'show', ticket.ticketNumber], staff)
		expect(shown.stdout).toContain('Looking into it')
		expect(shown.stdout).toContain('[internal]')
		expect((await rendoJson(['tickets', 'stats'], staff)).closed).toBeGreaterThanOrEqual(1)

		const notStaff = await rendo(['tickets', 'list'], withToken(await tokenFor(admin, 'write')))
		expect(notStaff.code).toBe(1)
		expect(notStaff.stderr).toContain('this needs the staff scope')
		const agentToken = await rendo(['tickets', 'list'], withToken(await tokenFor(agent, 'write')))
		expect(agentToken.code).toBe(1)
	})
})
