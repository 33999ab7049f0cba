import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { propertyImportKeys } from '#db/schema/imports.ts'
import { stagingRenders } from '#db/schema/staging.ts'
import { propertyStudioProjects, propertyStudioRooms } from '#db/schema/studio.ts'
import { issueTickets } from '#db/schema/tickets.ts'
import {
	createAccessToken,
	NO_TOKEN_TO_REVOKE,
	TOKEN_REVOKED,
	TOKENS_NEED_SESSION,
} from '#core/accounts/access-tokens.ts'
import { scopeMessage } from '#core/accounts/actor.ts'
import { bodyLimit } from '#app/utils/body-limit.server.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { storage } from '#core/platform/storage.ts'
import { completeProject } from '#core/studio/complete-project.ts'
import { studioFileKey } from '#core/studio/files.ts'
import { UPLOAD_KEY_OTHER_PROJECT } from '#core/studio/rooms.ts'
import { MAX_KNOWN_KEYS } from '#core/studio/studio.schema.ts'
import { reportIssue } from '#core/tickets/tickets.ts'
import { favourite, renderedProject } from '#tests/checkout.ts'
import { actorFor, insertUser, PASSWORD } from '#tests/factories.ts'
import { settleJobs } from '#tests/jobs.ts'
import { cookieFrom, getRequest, jsonRequest, settle } from '#tests/request.ts'
import { cookieFor, smallRoomPhoto } from '#tests/studio.ts'
import { action as revokeCurrent } from './access-tokens.current.ts'
import { action as createToken } from './access-tokens.ts'
import { action as login } from './auth.login.ts'
import { loader as me } from './auth.me.ts'
import { loader as listTickets } from './devops.tickets.ts'
import { action as knownAction } from './property-studio.imports.known.ts'
import { loader as imageLoader } from './property-studio.projects.$id.images.$imageId.ts'
import { loader as imagesLoader } from './property-studio.projects.$id.images.ts'
import { loader as progressLoader } from './property-studio.projects.$id.progress.ts'
import { action as createProjectAction } from './property-studio.projects.ts'
import { action as processAction } from './property-studio.rooms.$roomId.process.ts'
import { action as uploadAction } from './property-studio.upload-image.ts'

type Handler = (args: never) => unknown
const call = async (
	fn: Handler,
	request: Request,
	params: Record<string, string> = {},
	context: Record<string, unknown> = {},
) => {
	const result = await settle(() => fn({ request, params, context } as never) as Promise<unknown>)
	return result.response ?? Response.json(result.data, { status: result.status, headers: result.headers })
}

type Who = { cookie?: string; secret?: string }
function as(request: Request, who: Who) {
	if (who.secret) request.headers.set('authorization', `Bearer ${who.secret}`)
	if (who.cookie) request.headers.set('cookie', who.cookie)
	return request
}
const get = (url: string, who: Who, headers: Record<string, string> = {}) => {
	const request = as(getRequest(url), who)
	for (const [name, value] of Object.entries(headers)) request.headers.set(name, value)
	return request
}
const post = (url: string, body: unknown, who: Who, method = 'POST') => as(jsonRequest(url, body, { method }), who)

async function upload(who: Who, fields: Record<string, string>) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	form.set('image', new Blob([new Uint8Array(await smallRoomPhoto())], { type: 'image/jpeg' }), 'lounge.jpg')
	const request = as(
		new Request('http://localhost:3000/api/property-studio/upload-image', { method: 'POST', body: form }),
		who,
	)
	return call(uploadAction, request)
}

async function tokenFor(user: { id: string; role: string; email: string }, scope: string) {
	return (await createAccessToken(actorFor(user), { name: `${scope} key`, scope, expiresIn: '30' })).secret
}

let keySeed = 0
/** A fresh key of the kind: the prefix and 40 hex digits. */
const key = (kind: 'project' | 'room' | 'upload') =>
	`${kind}:${createHash('sha1').update(`${process.pid}:${Date.now()}:${keySeed++}:${Math.random()}`).digest('hex')}`

/** Rooms with files stored (an original and its smaller copies each): a loser's files are all gone. */
function storedRooms() {
	const root = path.join(config().dataDir, 'files', 'rooms')
	return fs.existsSync(root)
		? fs.readdirSync(root).filter((id) => fs.readdirSync(path.join(root, id)).length > 0).length
		: 0
}

async function newProject(who: Who, body: Record<string, unknown> = {}) {
	const response = await call(
		createProjectAction,
		post('/api/property-studio/projects', { propertyAddress: '7 Remote Road, Leeds', ...body }, who),
	)
	return { status: response.status, project: (await response.json()) as { id: string; totalRooms: number } }
}

const roomsOf = (projectId: string) =>
	db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.projectId, projectId))

describe('signing in from the command line: tokens', () => {
	test('login with e-mail and password, then the cookie makes a token; /me names it; a cookie session has none', async () => {
		const user = await insertUser()
		const signedIn = await call(
			login,
			jsonRequest('/api/auth/login', { username: user.email, password: PASSWORD }),
			{},
			{ clientAddress: `198.51.100.${Math.floor(Math.random() * 250)}` },
		)
		expect(signedIn.status).toBe(200)
		const cookie = cookieFrom(signedIn)
		const created = await call(
			createToken,
			post('/api/access-tokens', { name: 'rendo CLI on laptop', scope: 'write', expiresIn: '90' }, { cookie }),
		)
		expect(created.status).toBe(201)
		expect(created.headers.get('cache-control')).toBe('no-store')
		const { token, secret } = (await created.json()) as { token: { id: string; scope: string }; secret: string }
		expect(secret).toMatch(/^rendo_pat_/)
		expect(token).toMatchObject({ name: 'rendo CLI on laptop', scope: 'write', expired: false, lastUsedAt: null })

		const whoami = await call(me, get('/api/auth/me', { secret }))
		expect(whoami.status).toBe(200)
		const body = (await whoami.json()) as { id: string; token: { expiresAt: string } }
		expect(body).toMatchObject({ id: user.id, token: { id: token.id, name: 'rendo CLI on laptop', scope: 'write' } })
		expect(new Date(body.token.expiresAt).getTime()).toBeGreaterThan(Date.now() + 89 * 86_400_000)
		expect(await (await call(me, get('/api/auth/me', { cookie }))).json()).toMatchObject({ id: user.id, token: null })
	})

	test('a token cannot make a token (403); nobody signed in is 401; bad input is 400', async () => {
		const user = await insertUser()
		const secret = await tokenFor(user, 'write')
		const body = { name: 'another', scope: 'read', expiresIn: '30' }
		const refused = await call(createToken, post('/api/access-tokens', body, { secret }))
		expect(refused.status).toBe(403)
		expect(await refused.json()).toEqual({ message: TOKENS_NEED_SESSION })
		expect((await call(createToken, post('/api/access-tokens', body, {}))).status).toBe(401)
		const bad = await call(
			createToken,
			post('/api/access-tokens', { ...body, scope: 'root' }, { cookie: await cookieFor(user) }),
		)
		expect(bad.status).toBe(400)
		expect(await bad.json()).toMatchObject({ errors: { scope: ['Choose read, write or staff'] } })
	})

	test('logout revokes the token it came with, and only that one; without a token it is 401', async () => {
		const user = await insertUser()
		const laptop = await tokenFor(user, 'read')
		const server = await tokenFor(user, 'write')
		const revoked = await call(revokeCurrent, post('/api/access-tokens/current', {}, { secret: laptop }, 'DELETE'))
		expect(revoked.status).toBe(200)
		expect(await revoked.json()).toEqual({ revoked: true })
		const after = await call(me, get('/api/auth/me', { secret: laptop }))
		expect(after.status).toBe(401)
		expect(await after.json()).toEqual({ message: TOKEN_REVOKED })
		expect((await call(me, get('/api/auth/me', { secret: server }))).status).toBe(200)

		const cookieOnly = await call(
			revokeCurrent,
			post('/api/access-tokens/current', {}, { cookie: await cookieFor(user) }, 'DELETE'),
		)
		expect(cookieOnly.status).toBe(401)
		expect(await cookieOnly.json()).toEqual({ message: NO_TOKEN_TO_REVOKE })
		expect((await call(me, get('/api/auth/me', { secret: server }))).status).toBe(200)
	})
})

describe('scopes over the new calls', () => {
	test('a read token reads progress, images and known keys; every write is 403 naming the write scope', async () => {
		const user = await insertUser()
		const read = await tokenFor(user, 'read')
		const { project } = await newProject({ secret: await tokenFor(user, 'write') })
		const expectWriteRefused = async (response: Response) => {
			expect(response.status).toBe(403)
			expect(await response.json()).toEqual({ message: scopeMessage('write'), requiredScope: 'write' })
		}
		const importKey = key('project')
		await expectWriteRefused(
			await call(
				createProjectAction,
				post('/api/property-studio/projects', { propertyAddress: '1 A St', importKey }, { secret: read }),
			),
		)
		expect(await db.select().from(propertyImportKeys).where(eq(propertyImportKeys.importKey, importKey))).toEqual([])
		await expectWriteRefused(
			await upload({ secret: read }, { projectId: project.id, roomType: 'living', uploadKey: key('upload') }),
		)
		expect(await roomsOf(project.id)).toEqual([])

		expect(
			(
				await call(progressLoader, get(`/api/property-studio/projects/${project.id}/progress`, { secret: read }), {
					id: project.id,
				})
			).status,
		).toBe(200)
		expect(
			(
				await call(imagesLoader, get(`/api/property-studio/projects/${project.id}/images`, { secret: read }), {
					id: project.id,
				})
			).status,
		).toBe(200)
		expect(
			(await call(knownAction, post('/api/property-studio/imports/known', { keys: [key('room')] }, { secret: read })))
				.status,
		).toBe(200)
	})
})

describe('idempotency keys: a retried or re-run send never makes two', () => {
	test('the same uploadKey twice: the same room, 200 existing, no second file stored, the room count unchanged', async () => {
		const user = await insertUser()
		const who = { secret: await tokenFor(user, 'write') }
		const { project } = await newProject(who)
		const uploadKey = key('upload')
		const first = await upload(who, { projectId: project.id, roomType: 'living', roomName: 'Lounge', uploadKey })
		expect(first.status).toBe(201)
		const made = (await first.json()) as { roomId: string; existing: boolean }
		expect(made.existing).toBe(false)
		const files = storedRooms()

		const second = await upload(who, { projectId: project.id, roomType: 'kitchen', uploadKey })
		expect(second.status).toBe(200)
		expect(await second.json()).toMatchObject({
			success: true,
			roomId: made.roomId,
			existing: true,
			room: { id: made.roomId, roomType: 'living', roomName: 'Lounge' },
		})
		expect(storedRooms()).toBe(files)
		expect((await roomsOf(project.id)).map((r) => r.id)).toEqual([made.roomId])
		const [row] = await db.select().from(propertyStudioProjects).where(eq(propertyStudioProjects.id, project.id))
		expect(row.totalRooms).toBe(1)
		const keys = await db.select().from(propertyImportKeys).where(eq(propertyImportKeys.importKey, uploadKey))
		expect(keys).toMatchObject([{ userId: user.id, projectId: project.id, roomId: made.roomId }])

		// Another key is another room; no key at all is a room each time, as before.
		expect((await upload(who, { projectId: project.id, roomType: 'living', uploadKey: key('room') })).status).toBe(201)
		expect((await upload(who, { projectId: project.id, roomType: 'living' })).status).toBe(201)
		expect((await upload(who, { projectId: project.id, roomType: 'living' })).status).toBe(201)
		expect(await roomsOf(project.id)).toHaveLength(4)
	})

	test('concurrent uploads with one key make one room and leave one stored file', async () => {
		const user = await insertUser()
		const who = { secret: await tokenFor(user, 'write') }
		const { project } = await newProject(who)
		const uploadKey = key('upload')
		const before = storedRooms()
		const answers = await Promise.all(
			[0, 1, 2, 3].map(() => upload(who, { projectId: project.id, roomType: 'bedroom', uploadKey })),
		)
		expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201])
		const bodies = (await Promise.all(answers.map((a) => a.json()))) as Array<{ roomId: string }>
		expect(new Set(bodies.map((b) => b.roomId)).size).toBe(1)
		expect(await roomsOf(project.id)).toHaveLength(1)
		expect(storedRooms() - before).toBe(1)
	})

	test('a key used for another project is refused on uploadKey, also when both race; a malformed key is 400', async () => {
		const user = await insertUser()
		const who = { secret: await tokenFor(user, 'write') }
		const { project: one } = await newProject(who)
		const { project: two } = await newProject(who)
		const uploadKey = key('upload')
		expect((await upload(who, { projectId: one.id, roomType: 'living', uploadKey })).status).toBe(201)
		const refused = await upload(who, { projectId: two.id, roomType: 'living', uploadKey })
		expect(refused.status).toBe(400)
		expect(await refused.json()).toMatchObject({ errors: { uploadKey: [UPLOAD_KEY_OTHER_PROJECT] } })
		expect(await roomsOf(two.id)).toEqual([])

		const raced = key('room')
		const before = storedRooms()
		const answers = await Promise.all(
			[one, two].map((p) => upload(who, { projectId: p.id, roomType: 'living', uploadKey: raced })),
		)
		expect(answers.map((a) => a.status).sort()).toEqual([201, 400])
		const rooms = await db
			.select()
			.from(propertyStudioRooms)
			.where(inArray(propertyStudioRooms.projectId, [one.id, two.id]))
		expect(rooms).toHaveLength(2)
		expect(storedRooms() - before).toBe(1)

		const bad = await upload(who, { projectId: one.id, roomType: 'living', uploadKey: 'upload:xyz' })
		expect(bad.status).toBe(400)
		expect(await bad.json()).toMatchObject({ errors: { uploadKey: [expect.any(String)] } })
	})

	test("a key recorded in the owner's account still needs the project: another account's request is 403", async () => {
		const owner = await insertUser()
		const who = { secret: await tokenFor(owner, 'write') }
		const { project } = await newProject(who)
		const uploadKey = key('upload')
		expect((await upload(who, { projectId: project.id, roomType: 'living', uploadKey })).status).toBe(201)
		const stranger = { secret: await tokenFor(await insertUser(), 'write') }
		expect((await upload(stranger, { projectId: project.id, roomType: 'living', uploadKey })).status).toBe(403)
	})

	test('importKey: the second create answers 200 with the same project; concurrent creates make one', async () => {
		const user = await insertUser()
		const who = { secret: await tokenFor(user, 'write') }
		const importKey = key('project')
		const first = await newProject(who, { importKey })
		expect(first.status).toBe(201)
		const second = await newProject(who, { importKey, propertyAddress: 'Somewhere else' })
		expect(second.status).toBe(200)
		expect(second.project).toEqual(first.project)

		const raced = key('project')
		const answers = await Promise.all([0, 1, 2].map(() => newProject(who, { importKey: raced })))
		expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201])
		expect(new Set(answers.map((a) => a.project.id)).size).toBe(1)
		const projects = await db.select().from(propertyStudioProjects).where(eq(propertyStudioProjects.userId, user.id))
		expect(projects).toHaveLength(2)

		// Keys are per account: another agent's same key makes their own project.
		const other = await newProject({ secret: await tokenFor(await insertUser(), 'write') }, { importKey })
		expect(other.status).toBe(201)
		expect(other.project.id).not.toBe(first.project.id)
		expect((await newProject(who, { importKey: 'room:abc' })).status).toBe(400)
	})

	test("imports/known answers the account's own keys only, with project, room and status; 1 to 5000 keys", async () => {
		const user = await insertUser()
		const who = { secret: await tokenFor(user, 'write') }
		const projectKey = key('project')
		const { project } = await newProject(who, { importKey: projectKey })
		const uploadKey = key('upload')
		const { roomId } = (await (await upload(who, { projectId: project.id, roomType: 'living', uploadKey })).json()) as {
			roomId: string
		}
		const other = await insertUser()
		const theirKey = key('project')
		await newProject({ secret: await tokenFor(other, 'write') }, { importKey: theirKey })

		const read = { secret: await tokenFor(user, 'read') }
		const answer = await call(
			knownAction,
			post('/api/property-studio/imports/known', { keys: [projectKey, uploadKey, theirKey, key('room')] }, read),
		)
		expect(answer.status).toBe(200)
		const { imported } = (await answer.json()) as { imported: Array<{ key: string }> }
		expect(imported.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
			[
				{ key: projectKey, projectId: project.id, roomId: null, projectStatus: 'active' },
				{ key: uploadKey, projectId: project.id, roomId, projectStatus: 'active' },
			].sort((a, b) => a.key.localeCompare(b.key)),
		)

		const tooMany = Array.from({ length: 5001 }, () => key('room'))
		const refused = async (body: unknown) =>
			(await call(knownAction, post('/api/property-studio/imports/known', body, read))).status
		expect(await refused({ keys: tooMany })).toBe(400)
		expect(await refused({ keys: [] })).toBe(400)
		expect(await refused({ keys: ['project:1234'] })).toBe(400)
		expect(await refused({ keys: tooMany.slice(0, 5000) })).toBe(200)
		// 5000 of the longest keys fit the door's limit for a JSON body, which is checked before any route.
		const longest = JSON.stringify({ keys: Array.from({ length: MAX_KNOWN_KEYS }, () => key('upload')) })
		expect(Buffer.byteLength(longest)).toBeLessThan(bodyLimit('/api/property-studio/imports/known', 'application/json'))
		expect(
			(await call(knownAction, post('/api/property-studio/imports/known', { keys: [projectKey] }, {}))).status,
		).toBe(401)
	})
})

describe('rendering and progress', () => {
	test('bulk: true queues the renders at the import priority, behind interactive ones; progress narrows to rooms', async () => {
		const user = await insertUser()
		const who = { secret: await tokenFor(user, 'write') }
		const { project } = await newProject(who)
		const rooms: string[] = []
		for (const roomType of ['living', 'kitchen']) {
			const answer = await upload(who, { projectId: project.id, roomType })
			rooms.push(((await answer.json()) as { roomId: string }).roomId)
		}
		const process = (roomId: string, body: Record<string, unknown>) =>
			call(processAction, post(`/api/property-studio/rooms/${roomId}/process`, body, who), { roomId })
		expect((await process(rooms[0], { styles: ['modern'], variationCount: 2, bulk: true })).status).toBe(202)
		expect((await process(rooms[1], { styles: ['luxury'], variationCount: 1 })).status).toBe(202)
		const priorities = await db
			.select({ subjectKey: stagingRenders.subjectKey, priority: stagingRenders.priority })
			.from(stagingRenders)
			.where(inArray(stagingRenders.subjectKey, [`studio:${rooms[0]}:modern:1`, `studio:${rooms[1]}:luxury:1`]))
		expect(Object.fromEntries(priorities.map((p) => [p.subjectKey, p.priority]))).toEqual({
			[`studio:${rooms[0]}:modern:1`]: 2,
			[`studio:${rooms[1]}:luxury:1`]: 0,
		})

		const progress = async (query = '') => {
			const response = await call(
				progressLoader,
				get(`/api/property-studio/projects/${project.id}/progress${query}`, who),
				{ id: project.id },
			)
			if (response.ok) expect(response.headers.get('cache-control')).toBe('no-store')
			return { status: response.status, body: (await response.json()) as Record<string, unknown> }
		}
		const all = await progress()
		expect(all.status).toBe(200)
		expect(all.body).toMatchObject({
			project: { id: project.id },
			totals: { rooms: 2, expected: 3, done: 0, pending: 3, failed: 0 },
		})
		const one = await progress(`?room=${rooms[0]}`)
		expect(one.body).toMatchObject({
			rooms: [{ id: rooms[0], styles: [{ style: 'modern', expected: 2, done: 0, pending: 2 }] }],
			totals: { rooms: 1, expected: 2 },
		})
		expect((await progress(`?room=${rooms[0]}&room=${rooms[1]}`)).body).toMatchObject({ totals: { rooms: 2 } })
		expect((await progress('?room=nope')).status).toBe(400)
		await settleJobs()
		expect((await progress()).body).toMatchObject({ totals: { expected: 3, done: 3, pending: 0 } })

		const stranger = { secret: await tokenFor(await insertUser(), 'read') }
		const refused = await call(progressLoader, get(`/api/property-studio/projects/${project.id}/progress`, stranger), {
			id: project.id,
		})
		expect(refused.status).toBe(403)
	})
})

describe('taking images away: the list and resumable bytes', () => {
	const imagesOf = async (projectId: string, who: Who, query = '') => {
		const response = await call(imagesLoader, get(`/api/property-studio/projects/${projectId}/images${query}`, who), {
			id: projectId,
		})
		return { status: response.status, body: (await response.json()) as Record<string, unknown> }
	}
	const bytesOf = (projectId: string, imageId: string, who: Who, headers: Record<string, string> = {}, query = '') =>
		call(imageLoader, get(`/api/property-studio/projects/${projectId}/images/${imageId}${query}`, who, headers), {
			id: projectId,
			imageId,
		})

	test('favourites of an open project: list, whole bytes with a strong ETag, ranges, If-Range, 416, 404, 410', async () => {
		const user = await insertUser()
		const { project, variations } = await renderedProject(user)
		await favourite(user, [variations[0].id])
		const who = { secret: await tokenFor(user, 'read') }

		const listed = await imagesOf(project.id, who)
		expect(listed.status).toBe(200)
		const { images } = listed.body as { images: Array<{ id: string; fileName: string; url: string }> }
		expect(listed.body).toMatchObject({ project: { id: project.id, status: 'active' }, preparing: false })
		expect(images).toEqual([
			{
				id: variations[0].id,
				fileName: expect.stringMatching(/\.jpg$/),
				roomName: 'kitchen',
				style: 'scandinavian',
				roomCheck: null,
				contents: null,
				contentsSentence: null,
				url: `/api/property-studio/projects/${project.id}/images/${variations[0].id}`,
			},
		])

		const whole = await bytesOf(project.id, images[0].id, who)
		expect(whole.status).toBe(200)
		const bytes = Buffer.from(await whole.arrayBuffer())
		const etag = `"${createHash('sha256').update(bytes).digest('hex')}"`
		expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
		expect(Object.fromEntries(whole.headers)).toMatchObject({
			'content-type': 'image/jpeg',
			etag,
			'accept-ranges': 'bytes',
			'content-length': String(bytes.length),
		})
		expect(whole.headers.get('content-disposition')).toContain(`attachment; filename="${images[0].fileName}"`)

		const tail = await bytesOf(project.id, images[0].id, who, { range: 'bytes=100-', 'if-range': etag })
		expect(tail.status).toBe(206)
		expect(tail.headers.get('content-range')).toBe(`bytes 100-${bytes.length - 1}/${bytes.length}`)
		expect(tail.headers.get('content-length')).toBe(String(bytes.length - 100))
		expect(tail.headers.get('etag')).toBe(etag)
		expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(100))

		const middle = await bytesOf(project.id, images[0].id, who, { range: 'bytes=10-19' })
		expect(middle.status).toBe(206)
		expect(middle.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`)
		expect(Buffer.from(await middle.arrayBuffer())).toEqual(bytes.subarray(10, 20))

		// The file changed since the part the client holds: it gets the whole image again.
		const stale = await bytesOf(project.id, images[0].id, who, { range: 'bytes=100-', 'if-range': '"an-older-one"' })
		expect(stale.status).toBe(200)
		expect(Buffer.from(await stale.arrayBuffer())).toEqual(bytes)

		const past = await bytesOf(project.id, images[0].id, who, { range: `bytes=${bytes.length}-` })
		expect(past.status).toBe(416)
		expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`)

		// A variation that is not a favourite is not offered.
		const unknown = await bytesOf(project.id, variations[1].id, who)
		expect(unknown.status).toBe(404)
		expect(await unknown.json()).toEqual({ message: 'Image not found' })

		const stranger = { secret: await tokenFor(await insertUser(), 'read') }
		expect((await bytesOf(project.id, images[0].id, stranger)).status).toBe(403)

		await storage().delete(await studioFileKey(actorFor(user), { owner: 'variation', id: images[0].id, kind: 'full' }))
		const gone = await bytesOf(project.id, images[0].id, who)
		expect(gone.status).toBe(410)
		expect(await gone.json()).toEqual({ message: 'This image is missing from storage' })
	})

	test('?disclosure=0 needs staff; a completed project is 503 while its final images are made, then served', async () => {
		const user = await insertUser()
		const { actor, project, variations } = await renderedProject(user)
		await favourite(user, [variations[0].id, variations[2].id])
		const who = { secret: await tokenFor(user, 'read') }
		const refused = await imagesOf(project.id, who, '?disclosure=0')
		expect(refused.status).toBe(403)
		expect((await bytesOf(project.id, variations[0].id, who, {}, '?disclosure=0')).status).toBe(403)
		expect((await imagesOf(project.id, who, '?disclosure=maybe')).status).toBe(400)

		const admin = await insertUser({ role: 'admin' })
		const staffImages = await imagesOf(project.id, { secret: await tokenFor(admin, 'staff') }, '?disclosure=0')
		// Staff may leave the label out, but the project is still only its owner's to see.
		expect(staffImages.status).toBe(403)
		const own = await renderedProject(admin)
		await favourite(admin, [own.variations[0].id])
		const staff = { secret: await tokenFor(admin, 'staff') }
		const unlabelled = await imagesOf(own.project.id, staff, '?disclosure=0')
		expect(unlabelled.status).toBe(200)
		const [offered] = (unlabelled.body as { images: Array<{ id: string; url: string }> }).images
		expect(offered.url).toBe(`/api/property-studio/projects/${own.project.id}/images/${offered.id}`)
		expect((await bytesOf(own.project.id, offered.id, staff, {}, '?disclosure=0')).status).toBe(200)

		await completeProject(actor, project.id, {})
		const preparing = await imagesOf(project.id, who)
		expect(preparing.body).toMatchObject({ project: { status: 'completed' }, preparing: true })
		const waiting = await bytesOf(project.id, variations[0].id, who)
		expect(waiting.status).toBe(503)
		expect(waiting.headers.get('retry-after')).toBe('2')
		expect(await waiting.json()).toMatchObject({ preparing: true })

		await settleJobs()
		const ready = await imagesOf(project.id, who)
		expect(ready.body).toMatchObject({ preparing: false })
		const finals = (ready.body as { images: Array<{ id: string }> }).images
		expect(finals.map((i) => i.id).sort()).toEqual([variations[0].id, variations[2].id].sort())
		const final = await bytesOf(project.id, finals[0].id, who)
		expect(final.status).toBe(200)
		const etag = final.headers.get('etag')!
		expect(etag).toMatch(/^"[0-9a-f]{64}"$/)
		// A resume asks again later: the same image has the same ETag, so its range is honoured.
		const resumed = await bytesOf(project.id, finals[0].id, who, { range: 'bytes=5-', 'if-range': etag })
		expect(resumed.status).toBe(206)
		expect(resumed.headers.get('etag')).toBe(etag)
	})
})

describe('support tickets for staff tokens', () => {
	test('?priority= filters like ?status=, and an unknown priority is 400', async () => {
		const agent = await insertUser()
		const reported = await reportIssue(actorFor(agent), { issueType: 'other', description: 'A critical one' })
		await db.update(issueTickets).set({ priority: 'critical' }).where(eq(issueTickets.id, reported.ticketId))
		const low = await reportIssue(actorFor(agent), { issueType: 'other', description: 'A low one' })
		await db.update(issueTickets).set({ priority: 'low' }).where(eq(issueTickets.id, low.ticketId))
		const staff = { secret: await tokenFor(await insertUser({ role: 'admin' }), 'staff') }
		const list = async (query: string) => {
			const response = await call(listTickets, get(`/api/devops/tickets${query}`, staff))
			return { status: response.status, body: (await response.json()) as Array<{ id: string; priority: string }> }
		}
		const critical = await list('?priority=critical')
		expect(critical.status).toBe(200)
		expect(critical.body.map((t) => t.id)).toContain(reported.ticketId)
		expect(critical.body.map((t) => t.id)).not.toContain(low.ticketId)
		expect(critical.body.every((t) => t.priority === 'critical')).toBe(true)
		const lowOpen = await list('?priority=low&status=open')
		expect(lowOpen.body.map((t) => t.id)).toContain(low.ticketId)
		expect(lowOpen.body.map((t) => t.id)).not.toContain(reported.ticketId)
		expect((await list('?priority=urgent')).status).toBe(400)
	})
})
