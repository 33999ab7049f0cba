import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { accessTokens, rateLimitHits, users } from '#db/schema/accounts.ts'
import {
	createAccessToken,
	revokeAccessToken,
	TOKEN_EXPIRED,
	TOKEN_NOT_STAFF,
	TOKEN_REQUESTS_PER_MINUTE,
	TOKEN_REVOKED,
	TOKEN_WRONG,
} from '#core/accounts/access-tokens.ts'
import { scopeMessage } from '#core/accounts/actor.ts'
import { currentWindow } from '#core/accounts/rate-limit.ts'
import { db } from '#core/platform/db.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { formRequest, getRequest, jsonRequest, settle } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import {
	accessTokenGuard,
	BEARER_EXPECTED,
	fromClientAddress,
	TOKEN_IN_ADDRESS,
} from '#app/utils/access-token.server.ts'
import { action as myTicketsAction, loader as myTicketsLoader } from '#app/routes/_studio+/my-tickets.tsx'
import { loader as me } from './auth.me.ts'
import { loader as listTickets } from './devops.tickets.ts'
import { action as createProjectAction, loader as projectsLoader } from './property-studio.projects.ts'

type Handler = (args: never) => unknown
const call = async (fn: Handler, request: Request, params: Record<string, string> = {}) => {
	const result = await settle(() => fn({ request, params, context: {} } as never) as Promise<unknown>)
	return result.response ?? Response.json(result.data, { status: result.status, headers: result.headers })
}

const newProject = { propertyAddress: '8 Quay Street, Bristol', clientName: 'The Greens' }

function withBearer(request: Request, secret: string) {
	request.headers.set('authorization', `Bearer ${secret}`)
	return request
}
const get = (path: string, secret: string) => withBearer(getRequest(path), secret)
const post = (path: string, body: unknown, secret: string) => withBearer(jsonRequest(path, body), secret)

async function tokenFor(user: { id: string; role: string; email: string }, scope: string, expiresIn = '30') {
	return (await createAccessToken(actorFor(user), { name: `${scope} key`, scope, expiresIn })).secret
}

async function body(response: Response) {
	return (await response.json()) as { message: string; requiredScope?: string }
}

describe('the JSON API with Authorization: Bearer rendo_pat_…', () => {
	test('a read token lists; its last use records time and address; writing is 403 naming the write scope', async () => {
		const agent = await insertUser({ role: 'agent' })
		const secret = await tokenFor(agent, 'read')
		const listed = await fromClientAddress('198.51.100.23', () =>
			call(projectsLoader, get('/api/property-studio/projects', secret)),
		)
		expect(listed.status).toBe(200)
		expect(await listed.json()).toEqual([])
		const [row] = await db.select().from(accessTokens).where(eq(accessTokens.userId, agent.id))
		expect(row.lastUsedAddress).toBe('198.51.100.23')
		expect(row.lastUsedAt).toBeInstanceOf(Date)

		const refused = await call(createProjectAction, post('/api/property-studio/projects', newProject, secret))
		expect(refused.status).toBe(403)
		expect(await body(refused)).toEqual({ message: scopeMessage('write'), requiredScope: 'write' })
		expect(refused.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="write"')
	})

	test('a write token creates; the token wins over a cookie of another account; /api/auth/me names its owner', async () => {
		const agent = await insertUser({ role: 'agent' })
		const other = await insertUser({ role: 'agent' })
		const secret = await tokenFor(agent, 'write')
		const request = post('/api/property-studio/projects', newProject, secret)
		request.headers.set('cookie', await cookieFor(other))
		const created = await call(createProjectAction, request)
		expect(created.status).toBe(201)
		const mine = await call(projectsLoader, get('/api/property-studio/projects', secret))
		expect(((await mine.json()) as unknown[]).length).toBe(1)
		const who = await call(me, get('/api/auth/me', secret))
		expect(who.status).toBe(200)
		expect(await who.json()).toMatchObject({ id: agent.id })
	})

	test('401 says which: wrong, expired, revoked, not a bearer header; each with the bearer challenge', async () => {
		const agent = await insertUser({ role: 'agent' })
		const reason = async (request: Request) => {
			const response = await call(projectsLoader, request)
			expect(response.status).toBe(401)
			expect(response.headers.get('www-authenticate')).toContain('Bearer')
			return (await body(response)).message
		}
		expect(await reason(get('/api/property-studio/projects', `rendo_pat_${'x'.repeat(43)}`))).toBe(TOKEN_WRONG)
		expect(await reason(get('/api/property-studio/projects', 'not-even-close'))).toBe(TOKEN_WRONG)

		const expiring = await tokenFor(agent, 'read', '30')
		await db
			.update(accessTokens)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(accessTokens.userId, agent.id))
		expect(await reason(get('/api/property-studio/projects', expiring))).toBe(TOKEN_EXPIRED)

		const revoked = await createAccessToken(actorFor(agent), { name: 'laptop', scope: 'read', expiresIn: 'never' })
		await revokeAccessToken(actorFor(agent), revoked.token.id)
		expect(await reason(get('/api/property-studio/projects', revoked.secret))).toBe(TOKEN_REVOKED)

		const basic = getRequest('/api/property-studio/projects')
		basic.headers.set('authorization', 'Basic dXNlcjpwYXNz')
		expect(await reason(basic)).toBe(BEARER_EXPECTED)
	})

	test('staff routes need the staff scope; a demoted staff member’s staff token is 401 at once', async () => {
		const admin = await insertUser({ role: 'admin' })
		const write = await tokenFor(admin, 'write')
		const staff = await tokenFor(admin, 'staff')
		const refused = await call(listTickets, get('/api/devops/tickets', write))
		expect(refused.status).toBe(403)
		expect(await body(refused)).toMatchObject({ message: scopeMessage('staff'), requiredScope: 'staff' })
		expect((await call(listTickets, get('/api/devops/tickets', staff))).status).toBe(200)

		await db.update(users).set({ role: 'agent' }).where(eq(users.id, admin.id))
		const demoted = await call(listTickets, get('/api/devops/tickets', staff))
		expect(demoted.status).toBe(401)
		expect((await body(demoted)).message).toBe(TOKEN_NOT_STAFF)
	})

	test("a deleted account's token is 401 with the next request", async () => {
		const agent = await insertUser({ role: 'agent' })
		const secret = await tokenFor(agent, 'read')
		expect((await call(projectsLoader, get('/api/property-studio/projects', secret))).status).toBe(200)
		await db.delete(users).where(eq(users.id, agent.id))
		const gone = await call(projectsLoader, get('/api/property-studio/projects', secret))
		expect(gone.status).toBe(401)
		expect((await body(gone)).message).toBe(TOKEN_WRONG)
	})

	test('too many requests with one token: 429 with Retry-After', async () => {
		const agent = await insertUser({ role: 'agent' })
		const created = await createAccessToken(actorFor(agent), { name: 'ci', scope: 'read', expiresIn: '30' })
		// This minute and the next filled to the limit, so a minute ending mid-test changes nothing.
		const minute = currentWindow(60_000)
		await db.insert(rateLimitHits).values(
			[minute.start, new Date(minute.start.getTime() + 60_000)].map((windowStart) => ({
				key: `access-token:${created.token.id}`,
				windowStart,
				count: TOKEN_REQUESTS_PER_MINUTE,
			})),
		)
		const limited = await call(projectsLoader, get('/api/property-studio/projects', created.secret))
		expect(limited.status).toBe(429)
		const retryAfter = Number(limited.headers.get('retry-after'))
		expect(retryAfter).toBeGreaterThan(0)
		expect(retryAfter).toBeLessThanOrEqual(60)
		expect((await body(limited)).message).toMatch(/Too many requests with this access token/)
	})
})

describe('where a token is refused', () => {
	test('in the query string: 400, even beside a valid header, and at the door in front of every API route', async () => {
		const agent = await insertUser({ role: 'agent' })
		const secret = await tokenFor(agent, 'read')
		for (const query of [`access_token=${secret}`, `token=${secret}`, 'access_token=anything']) {
			const response = await call(projectsLoader, get(`/api/property-studio/projects?${query}`, secret))
			expect(response.status).toBe(400)
			expect((await body(response)).message).toBe(TOKEN_IN_ADDRESS)
		}

		// The express guard, for routes that never ask who is calling (a public one here).
		const answered: { status?: number; json?: unknown } = {}
		const res = {
			status(code: number) {
				answered.status = code
				return res
			},
			json(value: unknown) {
				answered.json = value
				return res
			},
		}
		let passed = 0
		const guard = (originalUrl: string) =>
			accessTokenGuard(
				{ path: originalUrl.split('?')[0], originalUrl, ip: '203.0.113.1', socket: {} } as never,
				res as never,
				() => passed++,
			)
		guard(`/api/pioneer-status?key=${secret}`)
		expect(answered).toEqual({ status: 400, json: { message: TOKEN_IN_ADDRESS } })
		guard('/api/pioneer-status')
		guard(`/dashboard?x=1`)
		expect(passed).toBe(2)
	})

	test('pages and their forms read only the cookie: a bearer token alone is sent to sign in', async () => {
		const agent = await insertUser({ role: 'agent' })
		const secret = await tokenFor(agent, 'write')
		const page = await settle(() =>
			myTicketsLoader({ request: get('/my-tickets', secret), params: {}, context: {} } as never),
		)
		expect(page.status).toBe(302)
		expect(page.headers.get('location')).toMatch(/^\/login\?/)

		const form = withBearer(formRequest('/my-tickets', { ticketId: 'x', comment: 'hello' }), secret)
		const posted = await settle(() => myTicketsAction({ request: form, params: {}, context: {} } as never))
		expect(posted.status).toBe(302)
		expect(posted.headers.get('location')).toMatch(/^\/login\?/)
	})
})
