import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { accessTokens, rateLimitHits, users } from '#db/schema/accounts.ts'
import { ForbiddenError, InputError, NotFoundError, RateLimitError, UnauthenticatedError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { listTickets } from '#core/tickets/tickets.ts'
import { createProject, getProject, listProjects } from '#core/studio/projects.ts'
import { processRoom } from '#core/studio/process-room.ts'
import { listRooms, uploadRoom } from '#core/studio/rooms.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { smallRoomPhoto, withTempFile } from '#tests/studio.ts'
import {
	authenticateAccessToken,
	createAccessToken,
	hashToken,
	listAccessTokens,
	MAX_LIVE_TOKENS,
	revokeAccessToken,
	STAFF_SCOPE_STAFF_ONLY,
	TOKEN_EXPIRED,
	TOKEN_NOT_STAFF,
	TOKEN_PREFIX,
	TOKEN_REVOKED,
	TOKEN_REQUESTS_PER_MINUTE,
	TOKEN_WRONG,
	TOKENS_NEED_SESSION,
	TOO_MANY_LIVE_TOKENS,
} from './access-tokens.ts'
import { can, InsufficientScopeError, scopeMessage, type Actor } from './actor.ts'
import { currentWindow } from './rate-limit.ts'

const address = '198.51.100.4'
const project = { propertyAddress: '3 Mill Lane, York', clientName: 'The Browns' }

async function tokenFor(user: { id: string; role: string; email: string }, scope = 'read', expiresIn = '30') {
	return createAccessToken(actorFor(user), { name: `${scope} token`, scope, expiresIn })
}

async function rejection(run: Promise<unknown>) {
	return run.then(
		() => {
			throw new Error('expected a refusal')
		},
		(error: Error) => error,
	)
}

describe('creating, listing and revoking', () => {
	test('the secret is shown once, prefixed; only its SHA-256 is stored; the list never has it', async () => {
		const user = await insertUser({ role: 'agent' })
		const { token, secret } = await tokenFor(user, 'write', '90')
		expect(secret).toMatch(/^rendo_pat_[A-Za-z0-9_-]{43}$/)
		expect(secret.startsWith(TOKEN_PREFIX)).toBe(true)
		expect(token).toMatchObject({ name: 'write token', scope: 'write', lastUsedAt: null, expired: false })
		const days = (token.expiresAt!.getTime() - token.createdAt.getTime()) / 86_400_000
		expect(Math.round(days)).toBe(90)

		const [row] = await db.select().from(accessTokens).where(eq(accessTokens.id, token.id))
		expect(row.tokenHash).toBe(hashToken(secret))
		expect(JSON.stringify(row)).not.toContain(secret.slice(TOKEN_PREFIX.length))
		const listed = await listAccessTokens(actorFor(user))
		expect(listed.map((t) => t.id)).toEqual([token.id])
		expect(JSON.stringify(listed)).not.toContain(secret.slice(TOKEN_PREFIX.length))

		const never = await tokenFor(user, 'read', 'never')
		expect(never.token.expiresAt).toBeNull()
	})

	test('bad input is refused field by field; staff scope only for staff accounts', async () => {
		const agent = await insertUser({ role: 'agent' })
		const bad = await rejection(createAccessToken(actorFor(agent), { name: ' ', scope: 'admin', expiresIn: '7' }))
		expect(bad).toBeInstanceOf(InputError)
		expect(Object.keys((bad as InputError).fieldErrors).sort()).toEqual(['expiresIn', 'name', 'scope'])
		const staff = await rejection(tokenFor(agent, 'staff'))
		expect((staff as InputError).fieldErrors).toEqual({ scope: [STAFF_SCOPE_STAFF_ONLY] })
		const admin = await insertUser({ role: 'admin' })
		expect((await tokenFor(admin, 'staff')).token.scope).toBe('staff')
	})

	test('at most 20 live tokens; expired and revoked ones do not count', async () => {
		const user = await insertUser()
		const made = []
		for (let i = 0; i < 6; i++) made.push(await tokenFor(user))
		// The creation limit (10 an hour) is its own test; the rest are rows written straight in.
		await db.insert(accessTokens).values(
			Array.from({ length: MAX_LIVE_TOKENS - 6 }, (_, i) => ({
				userId: user.id,
				name: `old ${i}`,
				scope: 'read',
				tokenHash: hashToken(`${user.id}:${i}`),
			})),
		)
		const refused = await rejection(tokenFor(user))
		expect(refused).toBeInstanceOf(InputError)
		expect(refused.message).toBe(TOO_MANY_LIVE_TOKENS)
		await revokeAccessToken(actorFor(user), made[0].token.id)
		await db
			.update(accessTokens)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(accessTokens.id, made[1].token.id))
		await tokenFor(user)
		await tokenFor(user)
		await expect(tokenFor(user)).rejects.toThrow(TOO_MANY_LIVE_TOKENS)
	})

	test('creation is rate-limited: the 11th in an hour is refused with the seconds left', async () => {
		const user = await insertUser()
		await tokenFor(user)
		// Nine more counted in this hour and the next, so an hour ending mid-test changes nothing.
		const hour = currentWindow(3_600_000)
		await db
			.insert(rateLimitHits)
			.values(
				[hour.start, new Date(hour.start.getTime() + 3_600_000)].map((windowStart) => ({
					key: `access-token-create:${user.id}`,
					windowStart,
					count: 9,
				})),
			)
			.onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { count: 10 } })
		const refused = await rejection(tokenFor(user))
		expect(refused).toBeInstanceOf(RateLimitError)
		expect((refused as RateLimitError).retryAfterSeconds).toBeGreaterThan(0)
	})

	test('only the owner revokes, and only from a session; a token cannot make or see tokens', async () => {
		const owner = await insertUser()
		const stranger = await insertUser()
		const { token, secret } = await tokenFor(owner, 'write')
		await expect(revokeAccessToken(actorFor(stranger), token.id)).rejects.toBeInstanceOf(NotFoundError)
		await expect(revokeAccessToken(actorFor(owner), 'not-an-id')).rejects.toBeInstanceOf(NotFoundError)
		const { actor } = await authenticateAccessToken(secret, { address })
		await expect(createAccessToken(actor, { name: 'x', scope: 'read', expiresIn: '30' })).rejects.toThrow(
			TOKENS_NEED_SESSION,
		)
		await expect(listAccessTokens(actor)).rejects.toBeInstanceOf(ForbiddenError)
		await expect(revokeAccessToken(actor, token.id)).rejects.toBeInstanceOf(ForbiddenError)
		await revokeAccessToken(actorFor(owner), token.id)
		expect((await listAccessTokens(actorFor(owner))).map((t) => t.id)).not.toContain(token.id)
		await expect(revokeAccessToken(actorFor(owner), token.id)).rejects.toBeInstanceOf(NotFoundError)
	})
})

describe('authenticating a bearer secret', () => {
	test('a valid token gives its account with the scope; last use records time and address', async () => {
		const user = await insertUser({ role: 'agent' })
		const { token, secret } = await tokenFor(user, 'read')
		const { user: found, actor } = await authenticateAccessToken(secret, { address })
		expect(found.id).toBe(user.id)
		expect(actor).toMatchObject({ kind: 'user', userId: user.id, scope: 'read', tokenId: token.id })
		const [listed] = await listAccessTokens(actorFor(user))
		expect(listed.lastUsedAddress).toBe(address)
		expect(listed.lastUsedAt).toBeInstanceOf(Date)
		await authenticateAccessToken(secret, { address: '2001:db8::1' })
		expect((await listAccessTokens(actorFor(user)))[0].lastUsedAddress).toBe('2001:db8::1')
	})

	test('wrong, revoked and expired tokens are refused, each saying which', async () => {
		const user = await insertUser()
		const reason = async (secret: string) =>
			(await rejection(authenticateAccessToken(secret, { address }))) as UnauthenticatedError
		const { secret } = await tokenFor(user)
		const unknown = `${TOKEN_PREFIX}${'A'.repeat(43)}`
		for (const wrong of ['', 'rendo_pat_', `${secret}x`, secret.toUpperCase(), 'Bearer', unknown]) {
			expect(await reason(wrong)).toBeInstanceOf(UnauthenticatedError)
			expect((await reason(wrong)).message).toBe(TOKEN_WRONG)
		}

		const revoked = await tokenFor(user)
		await revokeAccessToken(actorFor(user), revoked.token.id)
		expect((await reason(revoked.secret)).message).toBe(TOKEN_REVOKED)

		const expiring = await tokenFor(user, 'read', '30')
		const later = new Date(Date.now() + 31 * 86_400_000)
		const expired = await rejection(authenticateAccessToken(expiring.secret, { address, now: later }))
		expect(expired.message).toBe(TOKEN_EXPIRED)
		await expect(authenticateAccessToken(expiring.secret, { address })).resolves.toBeDefined()
	})

	test("a deleted account's tokens stop at once", async () => {
		const user = await insertUser()
		const { secret } = await tokenFor(user, 'write')
		await authenticateAccessToken(secret, { address })
		await db.delete(users).where(eq(users.id, user.id))
		await expect(authenticateAccessToken(secret, { address })).rejects.toThrow(TOKEN_WRONG)
	})

	test('a staff token stops the moment its account is no longer staff; its other tokens go on as an agent', async () => {
		const admin = await insertUser({ role: 'admin' })
		const staff = await tokenFor(admin, 'staff')
		const write = await tokenFor(admin, 'write')
		const { actor } = await authenticateAccessToken(staff.secret, { address })
		expect(can(actor, 'manage:tickets')).toBe(true)
		await db.update(users).set({ role: 'agent' }).where(eq(users.id, admin.id))
		await expect(authenticateAccessToken(staff.secret, { address })).rejects.toThrow(TOKEN_NOT_STAFF)
		const demoted = await authenticateAccessToken(write.secret, { address })
		expect(demoted.actor).toMatchObject({ isAdmin: false, scope: 'write' })
	})

	test('each token is rate-limited per minute (429 with the seconds left)', async () => {
		const user = await insertUser()
		const { token, secret } = await tokenFor(user)
		const now = new Date()
		// The window of `now`, filled to the limit: the next request is one too many.
		await db.insert(rateLimitHits).values({
			key: `access-token:${token.id}`,
			windowStart: currentWindow(60_000, now.getTime()).start,
			count: TOKEN_REQUESTS_PER_MINUTE,
		})
		const refused = await rejection(authenticateAccessToken(secret, { address, now }))
		expect(refused).toBeInstanceOf(RateLimitError)
		expect((refused as RateLimitError).retryAfterSeconds).toBeGreaterThan(0)
		expect((refused as RateLimitError).retryAfterSeconds).toBeLessThanOrEqual(60)
	})
})

describe('the scope is checked in core, whatever the door', () => {
	async function actors() {
		const agent = await insertUser({ role: 'agent' })
		const as = async (scope: string) =>
			(await authenticateAccessToken((await tokenFor(agent, scope)).secret, { address })).actor
		return { agent, session: actorFor(agent), read: await as('read'), write: await as('write') }
	}

	test('a read token lists and reads, but cannot create, upload or process', async () => {
		const { session, read, write } = await actors()
		const made = await createProject(session, project)
		const room = await withTempFile(await smallRoomPhoto(), (file) =>
			uploadRoom(session, { projectId: made.id, roomType: 'kitchen', roomName: '', hasFurniture: 'false' }, file),
		)
		expect((await listProjects(read)).map((p) => p.id)).toEqual([made.id])
		expect((await getProject(read, made.id)).id).toBe(made.id)
		expect(await listRooms(read, made.id)).toHaveLength(1)

		const denied = await rejection(createProject(read, project))
		expect(denied).toBeInstanceOf(InsufficientScopeError)
		expect(denied.message).toBe(scopeMessage('write'))
		await expect(
			withTempFile(await smallRoomPhoto(), (file) =>
				uploadRoom(read, { projectId: made.id, roomType: 'bedroom', roomName: '', hasFurniture: 'false' }, file),
			),
		).rejects.toBeInstanceOf(InsufficientScopeError)
		await expect(
			processRoom(read, room.id, { styles: ['modern'], roomType: 'kitchen', variationCount: 1, hasFurniture: false }),
		).rejects.toBeInstanceOf(InsufficientScopeError)

		expect((await createProject(write, project)).id).toBeTruthy()
	})

	test('staff work needs the staff scope even on an admin account; an agent is refused as before', async () => {
		const admin = await insertUser({ role: 'admin' })
		const writeActor = (await authenticateAccessToken((await tokenFor(admin, 'write')).secret, { address })).actor
		const staffActor = (await authenticateAccessToken((await tokenFor(admin, 'staff')).secret, { address })).actor
		expect(can(writeActor, 'manage:tickets')).toBe(false)
		const denied = await rejection(listTickets(writeActor))
		expect(denied).toBeInstanceOf(InsufficientScopeError)
		expect(denied.message).toBe(scopeMessage('staff'))
		await expect(listTickets(staffActor)).resolves.toBeDefined()
		const { write } = await actors()
		const agentDenied = await rejection(listTickets(write))
		expect(agentDenied).toBeInstanceOf(ForbiddenError)
		expect(agentDenied).not.toBeInstanceOf(InsufficientScopeError)
	})

	test('a session has no scope: everything its account may', async () => {
		const { session } = await actors()
		const sessionActor: Actor = session
		expect(sessionActor.kind === 'user' && sessionActor.scope).toBeFalsy()
		await expect(createProject(session, project)).resolves.toBeDefined()
	})
})
