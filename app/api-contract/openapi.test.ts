import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { defineRoutes } from '@remix-run/dev/dist/config/routes.js'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import type { oas31 } from 'zod-openapi'
import { createAccessToken } from '#core/accounts/access-tokens.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { drainJobs, settleJobs } from '#tests/jobs.ts'
import {
	type CallInit,
	checked,
	doc,
	expectDocumented,
	expectRequestDocumented,
	findOperation,
	hit,
	key,
	ROUTES_DIR,
	routeFile,
	routeModule,
	validators,
} from '#tests/api-contract.ts'
import { cookieFor, smallRoomPhoto } from '#tests/studio.ts'
import { routeFolders } from '../../scripts/route-folders.ts'
import { operations } from './operations.ts'
import type { Reference } from './reference.ts'

/**
 * The contract test: the OpenAPI document against the routes. Every api+ route file must be in the
 * document with the methods it exports and the URL it serves; then each documented operation is
 * called through its route module, against this file's PostgreSQL, and every answer is checked
 * against the document's schema for the status it came with (a status not documented fails).
 * At the end each operation must have had a documented success checked, except those listed in
 * NOT_CALLED, each with the reason.
 */

/*
 * Described loosely, on purpose or for want of a better shape (each still called and checked):
 * - POST /api/client-preferences-multi-room: the `roomTypes[i]` fields beside the photos have names
 *   made from the photo's index, so the document says so in words, not as properties.
 * - POST /api/stripe/webhook: the body is Stripe's event (`{ id, type, … }`); its signature over the
 *   raw bytes is what counts. POST /api/staging/webhook/{secret}: any JSON object, only a hint.
 * - GET /api/openapi.json: answered as `{ openapi, … }`; the test compares it with the document whole.
 * - Refusals before any route (413 over a door's limit, 400 for a bad body or a token in the address,
 *   403 for a foreign Origin) are in the document's description, not on each operation; uploads list
 *   their 413. The token's 429 is listed on every scoped call but not provoked here (600 a minute).
 */

/** Route files in api+/ that are not JSON operations. */
const NOT_OPERATIONS = new Set(['docs.tsx'])

/**
 * Operations whose success needs a service turned on, which would change every other answer here:
 * openapi-integrations.test.ts checks them (and their refusals are checked here too).
 */
const ELSEWHERE = 'checked in openapi-integrations.test.ts'
const NOT_CALLED: Record<string, string> = {
	'post /api/stripe/webhook': `${ELSEWHERE}: Stripe configured (msw) and a signed event`,
	'post /api/create-payment-intent': `${ELSEWHERE}: Stripe configured (msw)`,
	'post /api/staging/webhook/{secret}': `${ELSEWHERE}: a public https APP_URL gives the secret path`,
	'post /api/telegram/link': `${ELSEWHERE}: a running bot`,
	'post /api/property-studio/variations/{id}/restage-views':
		"its 202 needs a provider that stages views together: checked on OpenAI's model in room-views-api.test.ts",
	'post /api/property-studio/rooms/{roomId}/edit':
		'its 202 needs a real photo with things in it (segmented): checked through the API by cli/every-command.test.ts (rendo edit)',
}

describe('the document and the route files agree', () => {
	test('it is OpenAPI 3.1 with the bearer token and the session cookie', () => {
		expect(doc.openapi).toBe('3.1.0')
		expect(doc.components?.securitySchemes).toMatchObject({
			bearerAuth: { type: 'http', scheme: 'bearer' },
			sessionCookie: { type: 'apiKey', in: 'cookie', name: 'rendo_session' },
		})
		for (const op of operations) {
			const operation = doc.paths?.[op.path]?.[op.method] as oas31.OperationObject
			expect(operation.security, key(op)).toEqual(
				op.scope === 'session'
					? [{ sessionCookie: [] }]
					: op.scope
						? [{ bearerAuth: [op.scope] }, { sessionCookie: [] }]
						: [],
			)
			if (op.scope)
				expect(Object.keys(operation.responses ?? {}), key(op)).toEqual(expect.arrayContaining(['401', '403', '429']))
		}
		expect(new Set(operations.map((o) => o.path + o.method)).size).toBe(operations.length)
	})

	test('the reference page reads every operation, its scope, body and answers from the document', async () => {
		const reference = (await routeModule('docs')).loader!({} as never) as Reference
		expect(reference.operations.map((o) => `${o.method.toLowerCase()} ${o.path}`).sort()).toEqual(
			operations.map(key).sort(),
		)
		const process = reference.operations.find((o) => o.id === 'postPropertyStudioRoomsRoomIdProcess')!
		expect(process).toMatchObject({ scope: 'write', parameters: [{ name: 'roomId', in: 'path', required: true }] })
		expect(process.body?.shape).toContain('variationCount?: integer (1–3, default 3)')
		expect(process.answers.map((a) => a.status)).toEqual(['202', '400', '401', '403', '404', '429'])
		expect(reference.shapes.map((s) => s.name)).toContain('Project')
	})

	test('every api+ route file is documented, with the methods it exports, at the URL it serves', async () => {
		const manifest = routeFolders(defineRoutes) as Record<
			string,
			{ id: string; file: string; path?: string; parentId?: string }
		>
		const served = new Map<string, string>()
		for (const route of Object.values(manifest)) {
			if (!route.file.startsWith('routes/api+/')) continue
			const segments: string[] = []
			for (let r: typeof route | undefined = route; r; r = r.parentId ? manifest[r.parentId] : undefined)
				if (r.path) segments.unshift(r.path)
			served.set(path.basename(route.file), `/${segments.join('/')}`)
		}
		const files = (await readdir(ROUTES_DIR)).filter((f) => !f.includes('.test.') && !f.includes('.server.'))
		expect([...served.keys()].sort()).toEqual([...files].sort())
		for (const file of files) {
			if (NOT_OPERATIONS.has(file)) continue
			const route = file.replace(/\.tsx?$/, '')
			const documented = operations.filter((o) => o.route === route)
			expect(documented.length, `${file} has no operation in app/api-contract/operations.ts`).toBeGreaterThan(0)
			const url = served.get(file)!
			for (const op of documented) expect(op.path.replace(/\{(\w+)\}/g, ':$1'), `${file}'s path`).toBe(url)
			const module = await routeModule(route)
			expect(!!module.loader, `${file}: a loader is a documented GET and back`).toBe(
				documented.some((o) => o.method === 'get'),
			)
			expect(!!module.action, `${file}: an action is a documented POST/PUT/DELETE and back`).toBe(
				documented.some((o) => o.method !== 'get'),
			)
		}
		for (const op of operations) expect(await routeFile(op.route), `${key(op)} names a route file`).toBeDefined()
		const listed = (await readFile(path.join(ROUTES_DIR, '..', '..', 'route-urls.txt'), 'utf8')).split('\n')
		for (const op of operations) expect(listed, key(op)).toContain(op.path.replace(/\{(\w+)\}/g, ':$1'))
	})
})

describe('every answer the routes give is the one the document describes', () => {
	let agent: string
	let admin: string
	let stranger: string
	const photo = () => smallRoomPhoto()

	beforeAll(async () => {
		agent = await cookieFor(await insertUser({ firstName: 'Ann', lastName: 'Agent' }))
		admin = await cookieFor(await insertUser({ role: 'admin' }))
		stranger = await cookieFor(await insertUser())
	})

	test('every scoped operation refuses a call without a session or token (401; 404 for an id nobody has, 400 for a bad body)', async () => {
		const ids = {
			id: randomUUID(),
			roomId: randomUUID(),
			assetId: randomUUID(),
			ticketId: randomUUID(),
			quickAction: 'resolve',
		}
		for (const op of operations.filter((o) => o.scope)) {
			const init: CallInit = { params: ids }
			if (op.body?.type === 'json') init.json = {}
			if (op.body?.type === 'multipart') init.form = {}
			if (op.query?.shape.projectId) init.query = { projectId: randomUUID(), token: '[]' }
			const { status } = await hit(op.method, op.path, init)
			// An id nobody has is a 404 for anyone, and core checks a body's shape before who sent it: neither tells a stranger anything.
			const refused = status === 401 || (!!op.params && status === 404) || (!!op.body && status === 400)
			expect.soft(refused, `${key(op)} answered ${status}`).toBe(true)
		}
	})

	test('a personal access token: its scope lets it read, not write; a wrong one is refused', async () => {
		const user = await insertUser()
		const { secret } = await createAccessToken(actorFor(user), { name: 'contract', scope: 'read', expiresIn: '30' })
		const bearer = { authorization: `Bearer ${secret}` }
		expect((await hit('get', '/api/property-studio/projects', { headers: bearer })).status).toBe(200)
		const write = await hit('post', '/api/property-studio/projects', {
			headers: bearer,
			json: { propertyAddress: '1 Token Way' },
		})
		expect(write.status).toBe(403)
		expect(write.body).toMatchObject({ requiredScope: 'write' })
		const wrong = await hit('get', '/api/property-studio/projects', {
			headers: { authorization: 'Bearer rendo_pat_wrong' },
		})
		expect(wrong.status).toBe(401)
	})

	test('accounts: register, sign in, me, pioneer status, agent registration, sign out', async () => {
		const suffix = randomUUID().slice(0, 8)
		const registration = {
			firstName: 'Reg',
			lastName: 'Ister',
			username: `reg_${suffix}`,
			email: `reg.${suffix}@example.com`,
			password: 'correct-horse',
			confirmPassword: 'correct-horse',
		}
		expect((await hit('post', '/api/auth/register', { json: registration })).status).toBe(201)
		expect((await hit('post', '/api/auth/register', { json: { ...registration, email: 'nope' } })).status).toBe(400)
		const context = { clientAddress: `198.51.100.${Math.floor(Math.random() * 200)}` }
		const login = await hit('post', '/api/auth/login', {
			json: { username: registration.username, password: 'correct-horse' },
			context,
		})
		expect(login.status).toBe(200)
		const wrong = await hit('post', '/api/auth/login', {
			json: { username: registration.username, password: 'wrong-horse' },
			context,
		})
		expect(wrong.status).toBe(401)
		expect((await hit('get', '/api/auth/me', { cookie: agent })).status).toBe(200)
		expect((await hit('get', '/api/pioneer-status')).status).toBe(200)
		const agentSuffix = randomUUID().slice(0, 8)
		const registered = await hit('post', '/api/auth/register-agent', {
			json: {
				firstName: 'Pia',
				lastName: 'Pioneer',
				email: `pia.${agentSuffix}@example.com`,
				password: 'correct-horse',
				confirmPassword: 'correct-horse',
			},
		})
		expect(registered.status).toBe(201)
		expect((await hit('post', '/api/auth/logout', { cookie: stranger })).status).toBe(200)
		stranger = await cookieFor(await insertUser())
	})

	test('the studio: project, room, renders, favourites, completion, downloads', async () => {
		const created = await hit('post', '/api/property-studio/projects', {
			cookie: agent,
			json: { propertyAddress: '3 Contract Row, Leeds', clientName: 'The Specs' },
		})
		expect(created.status).toBe(201)
		const projectId = (created.body as { id: string }).id
		expect((await hit('post', '/api/property-studio/projects', { cookie: agent, json: {} })).status).toBe(400)
		expect((await hit('get', '/api/property-studio/projects', { cookie: agent })).status).toBe(200)
		const project = { cookie: agent, params: { id: projectId } }
		expect((await hit('get', '/api/property-studio/projects/{id}', project)).status).toBe(200)
		expect((await hit('get', '/api/property-studio/projects/{id}', { ...project, cookie: stranger })).status).toBe(403)
		expect(
			(await hit('get', '/api/property-studio/projects/{id}', { cookie: agent, params: { id: randomUUID() } })).status,
		).toBe(404)

		const uploaded = await hit('post', '/api/property-studio/upload-image', {
			cookie: agent,
			form: {
				fields: { projectId, roomType: 'living', roomName: 'Lounge', hasFurniture: 'false' },
				files: [{ field: 'image', bytes: await photo(), name: 'lounge.jpg' }],
			},
		})
		expect(uploaded.status).toBe(201)
		const roomId = (uploaded.body as { roomId: string }).roomId
		expect((await hit('get', '/api/property-studio/projects/{id}/rooms', project)).status).toBe(200)
		const room = { cookie: agent, params: { roomId } }
		expect(
			(await hit('post', '/api/property-studio/rooms/{roomId}/process', { ...room, json: { styles: [] } })).status,
		).toBe(400)
		const another = await hit('post', '/api/property-studio/upload-image', {
			cookie: agent,
			form: {
				fields: { projectId, roomType: 'living', roomName: 'Lounge, from the window', hasFurniture: 'false' },
				files: [{ field: 'image', bytes: await photo(), name: 'lounge-2.jpg' }],
			},
		})
		const view = { cookie: agent, params: { roomId: (another.body as { roomId: string }).roomId } }
		const sameRoom = '/api/property-studio/rooms/{roomId}/same-room'
		expect((await hit('post', sameRoom, { ...view, json: { sameRoomAs: roomId } })).status).toBe(200)
		expect((await hit('post', sameRoom, { ...room, json: { sameRoomAs: roomId } })).status).toBe(400)
		expect((await hit('post', sameRoom, { ...view, cookie: stranger, json: { sameRoomAs: null } })).status).toBe(403)
		expect((await hit('post', sameRoom, { ...view, json: { sameRoomAs: null } })).status).toBe(200)
		expect(
			(
				await hit('post', '/api/property-studio/rooms/{roomId}/process', {
					...room,
					json: { styles: ['modern'], variationCount: 2 },
				})
			).status,
		).toBe(202)
		const pending = await hit('get', '/api/property-studio/projects/{id}/variations', project)
		expect(pending.status).toBe(200)
		await drainJobs()
		const done = await hit('get', '/api/property-studio/projects/{id}/variations', project)
		const variations = done.body as Array<{ id: string; status: string }>
		expect(variations.map((v) => v.status)).toEqual(['completed', 'completed'])
		const again = await hit('get', '/api/property-studio/projects/{id}/variations', {
			...project,
			headers: { 'if-none-match': done.headers.get('etag')! },
		})
		expect(again.status).toBe(304)
		const favourite = { cookie: agent, params: { id: variations[0].id } }
		expect(
			(await hit('post', '/api/property-studio/variations/{id}/favorite', { ...favourite, json: { isFavorite: true } }))
				.status,
		).toBe(200)
		expect(
			(await hit('post', '/api/property-studio/variations/{id}/favorite', { ...favourite, json: {} })).status,
		).toBe(400)
		expect((await hit('get', '/api/property-studio/projects/{id}/favorites', project)).status).toBe(200)
		expect(
			(await hit('post', '/api/property-studio/rooms/{roomId}/remodel', { ...room, json: { style: 'modern' } })).status,
		).toBe(202)
		// The small photo shows no objects: the list is answered, and removing what is not there is refused.
		expect((await hit('get', '/api/property-studio/rooms/{roomId}/objects', room)).status).toBe(200)
		expect(
			(await hit('post', '/api/property-studio/rooms/{roomId}/edit', { ...room, json: { remove: 'piano' } })).status,
		).toBe(400)
		// The local preview stages each view on its own: restaging views is refused (see NOT_CALLED).
		const restage = '/api/property-studio/variations/{id}/restage-views'
		expect((await hit('post', restage, favourite)).status).toBe(400)
		expect((await hit('post', restage, { ...favourite, cookie: stranger })).status).toBe(403)

		const refused = await hit('post', '/api/create-payment-intent', { cookie: agent, json: { projectId } })
		expect(refused.status).toBeGreaterThanOrEqual(400)
		expect((await hit('post', '/api/property-studio/projects/{id}/complete', { ...project, json: {} })).status).toBe(
			200,
		)
		expect((await hit('post', '/api/property-studio/projects/{id}/complete', { ...project, json: {} })).status).toBe(
			409,
		)
		expect((await hit('get', '/api/property-studio/projects/{id}/downloads', project)).status).toBe(503)
		await settleJobs()
		const assets = await hit('get', '/api/property-studio/projects/{id}/downloads', project)
		expect(assets.status).toBe(200)
		const [asset] = assets.body as Array<{ id: string }>
		expect(
			(await hit('get', '/api/property-studio/download/{assetId}', { cookie: agent, params: { assetId: asset.id } }))
				.status,
		).toBe(200)
		const bulk = await hit('get', '/api/property-studio/download/bulk', {
			cookie: agent,
			query: { projectId, token: JSON.stringify([asset.id]) },
		})
		expect(bulk.status).toBe(200)
		expect((await hit('get', '/api/property-studio/projects/{id}/pack', project)).status).toBe(200)
		expect((await hit('get', '/api/property-studio/projects/{id}/pack', { ...project, cookie: stranger })).status).toBe(
			403,
		)
		expect(
			(
				await hit('post', '/api/property-studio/email-final-images', {
					cookie: agent,
					json: { projectId, variationIds: [asset.id], recipientEmail: 'client@example.com' },
				})
			).status,
		).toBe(202)
	})

	test('the CLI over HTTPS: its token, idempotent creates and uploads, known keys, progress, images, logout', async () => {
		const user = await insertUser()
		const cookie = await cookieFor(user)
		const tokenRequest = { name: 'laptop', scope: 'write', expiresIn: '30' }
		const created = await hit('post', '/api/access-tokens', { cookie, json: tokenRequest })
		expect(created.status).toBe(201)
		expect((await hit('post', '/api/access-tokens', { cookie, json: { ...tokenRequest, scope: 'x' } })).status).toBe(
			400,
		)
		const bearer = { authorization: `Bearer ${(created.body as { secret: string }).secret}` }
		expect((await hit('post', '/api/access-tokens', { headers: bearer, json: tokenRequest })).status).toBe(403)
		const me = await hit('get', '/api/auth/me', { headers: bearer })
		expect(me.body).toMatchObject({ token: { name: 'laptop', scope: 'write' } })

		const suffix = randomUUID().replaceAll('-', '').slice(0, 8)
		const newProject = { propertyAddress: '5 Resume Road, Hull', importKey: `project:${suffix.padEnd(40, '0')}` }
		const made = await hit('post', '/api/property-studio/projects', { headers: bearer, json: newProject })
		expect(made.status).toBe(201)
		const again = await hit('post', '/api/property-studio/projects', { headers: bearer, json: newProject })
		expect(again.status).toBe(200)
		const projectId = (made.body as { id: string }).id
		expect((again.body as { id: string }).id).toBe(projectId)

		const form = {
			fields: { projectId, roomType: 'living', uploadKey: `upload:${suffix.padEnd(40, '1')}` },
			files: [{ field: 'image', bytes: await photo(), name: 'lounge.jpg' }],
		}
		const uploaded = await hit('post', '/api/property-studio/upload-image', { headers: bearer, form })
		expect(uploaded.status).toBe(201)
		expect((await hit('post', '/api/property-studio/upload-image', { headers: bearer, form })).status).toBe(200)
		const roomId = (uploaded.body as { roomId: string }).roomId
		const known = await hit('post', '/api/property-studio/imports/known', {
			headers: bearer,
			json: { keys: [newProject.importKey, form.fields.uploadKey] },
		})
		expect((known.body as { imported: unknown[] }).imported).toHaveLength(2)
		expect(
			(await hit('post', '/api/property-studio/imports/known', { headers: bearer, json: { keys: ['x'] } })).status,
		).toBe(400)
		// What the server's provider makes, asked before any upload (the local preview here: no edits).
		const options = await hit('get', '/api/property-studio/render-options', { headers: bearer })
		expect(options.status).toBe(200)
		expect(options.body).toMatchObject({ canEmptyRoom: false, photoEdits: [] })

		expect(
			(
				await hit('post', '/api/property-studio/rooms/{roomId}/process', {
					headers: bearer,
					params: { roomId },
					json: { styles: ['modern'], variationCount: 1, bulk: true },
				})
			).status,
		).toBe(202)
		const project = { headers: bearer, params: { id: projectId } }
		expect((await hit('get', '/api/property-studio/projects/{id}/progress', project)).status).toBe(200)
		expect(
			(await hit('get', '/api/property-studio/projects/{id}/progress', { ...project, query: { room: roomId } })).status,
		).toBe(200)
		expect(
			(await hit('get', '/api/property-studio/projects/{id}/progress', { ...project, query: { room: 'x' } })).status,
		).toBe(400)
		await drainJobs()
		const [variation] = (await hit('get', '/api/property-studio/projects/{id}/variations', project)).body as Array<{
			id: string
		}>
		await hit('post', '/api/property-studio/variations/{id}/favorite', {
			headers: bearer,
			params: { id: variation.id },
			json: { isFavorite: true },
		})
		const listed = await hit('get', '/api/property-studio/projects/{id}/images', project)
		expect(listed.status).toBe(200)
		expect(
			(await hit('get', '/api/property-studio/projects/{id}/images', { ...project, query: { disclosure: 'x' } }))
				.status,
		).toBe(400)
		const image = { headers: bearer, params: { id: projectId, imageId: variation.id } }
		const whole = await hit('get', '/api/property-studio/projects/{id}/images/{imageId}', image)
		expect(whole.status).toBe(200)
		const part = await hit('get', '/api/property-studio/projects/{id}/images/{imageId}', {
			...image,
			headers: { ...bearer, range: 'bytes=10-', 'if-range': whole.headers.get('etag')! },
		})
		expect(part.status).toBe(206)
		expect(
			(
				await hit('get', '/api/property-studio/projects/{id}/images/{imageId}', {
					...image,
					headers: { ...bearer, range: 'bytes=99999999-' },
				})
			).status,
		).toBe(416)
		expect(
			(
				await hit('get', '/api/property-studio/projects/{id}/images/{imageId}', {
					...image,
					params: { id: projectId, imageId: randomUUID() },
				})
			).status,
		).toBe(404)
		expect((await hit('delete', '/api/access-tokens/current', { headers: bearer })).status).toBe(200)
		expect((await hit('delete', '/api/access-tokens/current', { cookie })).status).toBe(401)
		expect((await hit('get', '/api/auth/me', { headers: bearer })).status).toBe(401)
	})

	test('quick transforms, support tickets and the staff views', async () => {
		const posted = await hit('post', '/api/transformations', {
			cookie: agent,
			form: {
				fields: { style: 'modern', areas: '["living"]' },
				files: [{ field: 'image', bytes: await photo(), name: 'room.jpg' }],
			},
		})
		expect(posted.status).toBe(201)
		const transformationId = (posted.body as { id: string }).id
		await drainJobs()
		expect((await hit('get', '/api/transformations', { cookie: agent })).status).toBe(200)
		expect(
			(await hit('get', '/api/transformations/{id}', { cookie: agent, params: { id: transformationId } })).status,
		).toBe(200)
		expect(
			(await hit('get', '/api/transformations/{id}', { cookie: stranger, params: { id: transformationId } })).status,
		).toBe(404)
		expect((await hit('get', '/api/admin/transformations', { cookie: admin })).status).toBe(200)

		const reported = await hit('post', '/api/report-issue', {
			cookie: agent,
			json: { issueType: 'processing-stuck', description: 'Stuck at 50%' },
		})
		expect(reported.status).toBe(201)
		expect((await hit('post', '/api/report-issue', { cookie: agent, json: { issueType: 'nope' } })).status).toBe(400)
		const ticket = { cookie: admin, params: { ticketId: (reported.body as { ticketId: string }).ticketId } }
		expect((await hit('get', '/api/devops/tickets', { cookie: admin, query: { status: 'open' } })).status).toBe(200)
		expect((await hit('get', '/api/devops/tickets', { cookie: admin, query: { priority: 'high' } })).status).toBe(200)
		expect((await hit('get', '/api/devops/tickets', { cookie: admin, query: { priority: 'urgent!' } })).status).toBe(
			400,
		)
		expect((await hit('get', '/api/devops/tickets', { cookie: agent })).status).toBe(403)
		expect((await hit('get', '/api/devops/tickets/{ticketId}', ticket)).status).toBe(200)
		expect((await hit('put', '/api/devops/tickets/{ticketId}', { ...ticket, json: { priority: 'high' } })).status).toBe(
			200,
		)
		expect(
			(
				await hit('post', '/api/devops/tickets/{ticketId}/{quickAction}', {
					...ticket,
					params: { ...ticket.params, quickAction: 'resolve' },
				})
			).status,
		).toBe(400)
		for (const [quickAction, json] of [
			['start-work', undefined],
			['resolve', { resolution: 'Re-queued the renders' }],
			['close', undefined],
		] as const)
			expect(
				(
					await hit('post', '/api/devops/tickets/{ticketId}/{quickAction}', {
						...ticket,
						params: { ...ticket.params, quickAction },
						...(json && { json }),
					})
				).status,
			).toBe(200)
		expect(
			(
				await hit('post', '/api/devops/tickets/{ticketId}/comments', {
					...ticket,
					json: { comment: 'On it', isInternal: true },
				})
			).status,
		).toBe(201)
		expect(
			(await hit('get', '/api/devops/tickets/{ticketId}', { cookie: admin, params: { ticketId: randomUUID() } }))
				.status,
		).toBe(404)
		expect((await hit('get', '/api/devops/stats', { cookie: admin })).status).toBe(200)
		expect((await hit('get', '/api/rendo-ops/dashboard', { cookie: admin })).status).toBe(200)
		expect((await hit('get', '/api/rendo-ops/capacity-automation', { cookie: admin })).status).toBe(200)
	})

	test('brand, logo, brochures, client preferences, Telegram', async () => {
		const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#1d4ed8' } })
			.png()
			.toBuffer()
		const profile = {
			companyName: 'Spec Homes',
			agentName: 'Ann Agent',
			email: 'ann@spechomes.example',
			templateStyle: 'modern',
		}
		expect(
			(await hit('post', '/api/onboard-agent', { cookie: agent, form: { fields: { ...profile, companyName: '' } } }))
				.status,
		).toBe(400)
		expect(
			(
				await hit('post', '/api/onboard-agent', {
					cookie: agent,
					form: { fields: profile, files: [{ field: 'logo', bytes: logo, name: 'logo.png', type: 'image/png' }] },
				})
			).status,
		).toBe(201)
		expect((await hit('post', '/api/onboard-agent', { cookie: agent, form: { fields: profile } })).status).toBe(200)
		expect((await hit('get', '/api/test-brochure')).status).toBe(405)
		expect((await hit('post', '/api/test-brochure', { cookie: agent })).status).toBe(200)

		expect(
			(
				await hit('post', '/api/user/upload-logo', {
					cookie: agent,
					form: { files: [{ field: 'logo', bytes: logo, name: 'logo.png', type: 'image/png' }] },
				})
			).status,
		).toBe(200)
		expect((await hit('get', '/api/user/logo', { cookie: agent })).status).toBe(200)
		expect((await hit('get', '/api/user/logo/image', { cookie: agent })).status).toBe(200)
		expect((await hit('get', '/api/user/logo/image', { cookie: stranger })).status).toBe(404)

		const preference = {
			clientName: 'Pat Buyer',
			propertyAddress: '9 Spec Street, York',
			stylePreference: 'modern',
			agentEmail: 'ann@example.com',
		}
		const single = await hit('post', '/api/client-preferences', {
			cookie: agent,
			form: {
				fields: { ...preference, area: 'living' },
				files: [{ field: 'image', bytes: await photo(), name: 'one.jpg' }],
			},
		})
		expect(single.status).toBe(201)
		const photos = await Promise.all([0, 1].map((seed) => makeRoomPhoto({ width: 400, height: 300, seed })))
		const multi = await hit('post', '/api/client-preferences-multi-room', {
			cookie: agent,
			form: {
				fields: { ...preference, 'roomTypes[0]': 'living', 'roomTypes[1]': 'kitchen' },
				files: photos.map((bytes, i) => ({ field: 'property-images', bytes, name: `room${i}.jpg` })),
			},
		})
		expect(multi.status).toBe(201)
		expect(
			(await hit('post', '/api/client-preferences-multi-room', { cookie: agent, form: { fields: preference } })).status,
		).toBe(400)
		await settleJobs()
		const listed = await hit('get', '/api/agent/brochures', { cookie: agent })
		const brochure = (listed.body as Array<{ id: string; uniqueToken: string; status: string }>).find(
			(b) => b.status === 'ready',
		)!
		expect(brochure).toBeDefined()
		expect(
			(await hit('get', '/api/brochures/{uniqueToken}', { params: { uniqueToken: brochure.uniqueToken } })).status,
		).toBe(200)
		expect(
			(await hit('get', '/api/brochures/{uniqueToken}', { params: { uniqueToken: 'no-such-token' } })).status,
		).toBe(404)
		const sent = await hit('post', '/api/brochures/{id}/send-email', {
			cookie: agent,
			params: { id: brochure.id },
			json: { buyerName: 'Bea Buyer', buyerEmail: 'bea@example.com' },
		})
		expect(sent.status).toBe(200)
		const emailEventId = (sent.body as { emailEventId: string }).emailEventId
		expect(
			(
				await hit('get', '/api/brochures/{uniqueToken}/open', {
					params: { uniqueToken: brochure.uniqueToken },
					query: { e: emailEventId },
				})
			).status,
		).toBe(200)
		expect(
			(await hit('post', '/api/brochures/{id}/regenerate', { cookie: agent, params: { id: brochure.id } })).status,
		).toBe(202)
		expect(
			(await hit('post', '/api/brochures/{id}/regenerate', { cookie: stranger, params: { id: brochure.id } })).status,
		).toBeGreaterThanOrEqual(403)

		expect((await hit('get', '/api/telegram/link', { cookie: agent })).status).toBe(200)
		expect((await hit('post', '/api/telegram/link', { cookie: agent })).status).toBe(503)
		expect((await hit('delete', '/api/telegram/link', { cookie: agent })).status).toBe(200)
	})

	test('public doors: the free trial, the webhooks, this document', async () => {
		const trial = await hit('post', '/api/try-it-free', {
			form: {
				fields: {
					name: 'Vera Visitor',
					email: `vera.${randomUUID().slice(0, 8)}@example.com`,
					roomType: 'living_room',
					style: 'scandinavian',
				},
				files: [{ field: 'image', bytes: await photo(), name: 'lounge.jpg' }],
			},
			context: { clientAddress: randomUUID() },
		})
		expect(trial.status).toBe(201)
		expect(
			(await hit('post', '/api/try-it-free', { form: { fields: {} }, context: { clientAddress: randomUUID() } }))
				.status,
		).toBe(400)
		expect(
			(
				await hit('post', '/api/stripe/webhook', {
					json: { id: 'evt_1', type: 'ping' },
					headers: { 'stripe-signature': 'x' },
				})
			).status,
		).toBeGreaterThanOrEqual(400)
		expect((await hit('post', '/api/staging/webhook/{secret}', { params: { secret: 'wrong' }, json: {} })).status).toBe(
			404,
		)
		const self = await hit('get', '/api/openapi.json')
		expect(self.body).toEqual(JSON.parse(JSON.stringify(doc)))
	})

	test('the check itself refuses an answer, or an accepted request, unlike the document', async () => {
		const op = findOperation('get', '/api/pioneer-status')
		const wrong = Response.json({ isPioneerProgramActive: 'yes' })
		await expect(expectDocumented(op, wrong)).rejects.toThrow(/unlike its schema/)
		const undocumented = Response.json({ message: 'Gone' }, { status: 410 })
		await expect(expectDocumented(op, undocumented)).rejects.toThrow(/does not list/)
		const create = findOperation('post', '/api/property-studio/projects')
		expect(() => expectRequestDocumented(create, { json: { propertyAddress: 12 } })).toThrow(/unlike its schema/)
		const bulk = findOperation('get', '/api/property-studio/download/bulk')
		expect(() => expectRequestDocumented(bulk, { query: { token: '[]' } })).toThrow(/projectId/)
		expect(validators.size).toBeGreaterThan(40)
	})

	test('every operation had a documented answer checked (those in NOT_CALLED say why not)', () => {
		for (const name of Object.keys(NOT_CALLED)) expect(operations.map(key), name).toContain(name)
		const missing = operations
			.filter((op) => !NOT_CALLED[key(op)])
			.filter((op) => {
				const statuses = Object.keys(op.answers).map(Number)
				const successes = statuses.filter((s) => s < 400)
				return !(successes.length ? successes : statuses).some((s) => checked.get(key(op))?.has(s))
			})
			.map(key)
		expect(missing).toEqual([])
	})
})
