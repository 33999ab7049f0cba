import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { accessTokens, users, type AccessToken, type User } from '#db/schema/accounts.ts'
import { ForbiddenError, InputError, NotFoundError, RateLimitError, UnauthenticatedError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { builtWhenFirstRun, db } from '#core/platform/db.ts'
import { isUuid } from '#core/ids.ts'
import { CreateAccessTokenSchema } from './access-token.schema.ts'
import { userActor, type Actor, type TokenScope } from './actor.ts'
import { countHourlyUse, currentWindow, hit } from './rate-limit.ts'
import { parseInput } from '#core/validate.ts'

/**
 * Personal access tokens: how scripts and the CLI away from the server reach the JSON API.
 *
 * The secret is `rendo_pat_` and 32 random bytes in base64url (256 bits). The prefix lets secret
 * scanners (GitHub's, gitleaks) find a pasted token. Only its SHA-256 is stored: a slow password
 * hash earns its cost by making guesses at a low-entropy password expensive, and nobody can guess
 * 256 random bits, so a leaked table gives nothing away either way; a fast unsalted hash lets
 * every API request find its token by one indexed equality instead of an argon2 run per token.
 */
export const TOKEN_PREFIX = 'rendo_pat_'
const SECRET = /^rendo_pat_[A-Za-z0-9_-]{43}$/
/** Anything that looks like one of our secrets, wherever it appears (for logs and addresses). */
export const TOKEN_PATTERN = /rendo_pat_[A-Za-z0-9_-]*/gi

export const MAX_LIVE_TOKENS = 20
export const TOKENS_CREATED_PER_HOUR = 10
export const TOKEN_REQUESTS_PER_MINUTE = 600
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

export const TOKEN_WRONG = 'This access token is not valid'
export const TOKEN_EXPIRED = 'This access token has expired'
export const TOKEN_REVOKED = 'This access token has been revoked'
export const TOKEN_NOT_STAFF = 'This access token has the staff scope, and its account is no longer staff'
export const TOKEN_TOO_MANY_REQUESTS = 'Too many requests with this access token. Please try again in a minute.'
export const TOKENS_NEED_SESSION = 'Access tokens are managed only from a signed-in session'
export const TOO_MANY_LIVE_TOKENS = `An account can have at most ${MAX_LIVE_TOKENS} live access tokens. Revoke one first.`
export const STAFF_SCOPE_STAFF_ONLY = 'Only staff accounts can create staff tokens'

export function hashToken(secret: string) {
	return createHash('sha256').update(secret).digest('hex')
}

export type AccessTokenView = ReturnType<typeof tokenView>

function tokenView(row: AccessToken, now = new Date()) {
	return {
		id: row.id,
		name: row.name,
		scope: row.scope as TokenScope,
		createdAt: row.createdAt,
		expiresAt: row.expiresAt,
		expired: !!row.expiresAt && row.expiresAt <= now,
		lastUsedAt: row.lastUsedAt,
		lastUsedAddress: row.lastUsedAddress,
	}
}

/** Tokens are made, listed and revoked by the account's owner in person: a token cannot make another. */
function requireSessionUser(actor: Actor) {
	if (actor.kind !== 'user') throw new UnauthenticatedError()
	if (actor.scope) throw new ForbiddenError(TOKENS_NEED_SESSION)
	return actor
}

const live = (now: Date) =>
	and(isNull(accessTokens.revokedAt), or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)))

/**
 * A new token for the signed-in account. The secret is returned once, here, and never again.
 * The account's row is locked while live tokens are counted, so parallel requests cannot pass 20.
 */
export async function createAccessToken(actor: Actor, input: unknown, now = new Date()) {
	const user = requireSessionUser(actor)
	const { name, scope, expiresIn } = parseInput(CreateAccessTokenSchema, input)
	if (scope === 'staff' && !user.isAdmin) throw new InputError({ scope: [STAFF_SCOPE_STAFF_ONLY] })
	await countHourlyUse(`access-token-create:${user.userId}`, TOKENS_CREATED_PER_HOUR, 'access tokens created')
	const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url')
	const row = await db.transaction(async (tx) => {
		await tx.select({ id: users.id }).from(users).where(eq(users.id, user.userId)).for('update')
		const [{ count }] = await tx
			.select({ count: sql<number>`count(*)::int` })
			.from(accessTokens)
			.where(and(eq(accessTokens.userId, user.userId), live(now)))
		if (count >= MAX_LIVE_TOKENS) throw new InputError({}, TOO_MANY_LIVE_TOKENS)
		const [created] = await tx
			.insert(accessTokens)
			.values({
				userId: user.userId,
				name,
				scope,
				tokenHash: hashToken(secret),
				expiresAt: expiresIn === 'never' ? null : new Date(now.getTime() + Number(expiresIn) * DAY),
			})
			.returning()
		return created
	})
	return { token: tokenView(row, now), secret }
}

/** The account's tokens that are not revoked, newest first; expired ones say so until revoked. */
export async function listAccessTokens(actor: Actor, now = new Date()) {
	const user = requireSessionUser(actor)
	const rows = await db
		.select()
		.from(accessTokens)
		.where(and(eq(accessTokens.userId, user.userId), isNull(accessTokens.revokedAt)))
		.orderBy(desc(accessTokens.createdAt))
	return rows.map((row) => tokenView(row, now))
}

/** Revokes one of the account's tokens; it stops working with the next request. */
export async function revokeAccessToken(actor: Actor, tokenId: string) {
	const user = requireSessionUser(actor)
	if (!isUuid(tokenId)) throw new NotFoundError('Access token not found')
	const [row] = await db
		.update(accessTokens)
		.set({ revokedAt: new Date() })
		.where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, user.userId), isNull(accessTokens.revokedAt)))
		.returning()
	if (!row) throw new NotFoundError('Access token not found')
	return tokenView(row)
}

// Every API request with a token runs this: prepared once per connection.
const tokenByHash = builtWhenFirstRun(() =>
	db
		.select({ token: accessTokens, user: users })
		.from(accessTokens)
		.innerJoin(users, eq(users.id, accessTokens.userId))
		.where(eq(accessTokens.tokenHash, sql.placeholder('hash')))
		.prepare('access_token_by_hash'),
)

/**
 * The account and actor behind a bearer secret, checked afresh on every request: the account's
 * current row (a deleted account's tokens went with it; a staff token of an account no longer
 * staff stops), the expiry and revocation, then the token's own rate limit. Each refusal says
 * which it is. The last use (time and address) is written at most once a minute per address.
 */
export async function authenticateAccessToken(
	secret: string,
	{ address, now = new Date() }: { address: string; now?: Date },
): Promise<{ user: User; actor: Actor }> {
	if (!SECRET.test(secret)) throw new UnauthenticatedError(TOKEN_WRONG)
	const [row] = await tokenByHash().execute({ hash: hashToken(secret) })
	if (!row) throw new UnauthenticatedError(TOKEN_WRONG)
	const { token, user } = row
	if (token.revokedAt) throw new UnauthenticatedError(TOKEN_REVOKED)
	if (token.expiresAt && token.expiresAt <= now) throw new UnauthenticatedError(TOKEN_EXPIRED)
	if (token.scope === 'staff' && user.role !== 'admin') throw new UnauthenticatedError(TOKEN_NOT_STAFF)

	const window = currentWindow(MINUTE, now.getTime())
	if ((await hit(`access-token:${token.id}`, window)) > TOKEN_REQUESTS_PER_MINUTE)
		throw new RateLimitError(TOKEN_TOO_MANY_REQUESTS, window.secondsLeft)

	if (!token.lastUsedAt || token.lastUsedAddress !== address || now.getTime() - token.lastUsedAt.getTime() >= MINUTE)
		await db
			.update(accessTokens)
			.set({ lastUsedAt: now, lastUsedAddress: address })
			.where(eq(accessTokens.id, token.id))

	const actor = userActor(user, config().ceoEmail)
	if (actor.kind !== 'user') throw new Error('a user actor was expected')
	return { user, actor: { ...actor, scope: token.scope as TokenScope, tokenId: token.id } }
}

export const NO_TOKEN_TO_REVOKE =
	'Only a request with an access token can revoke it: send it as Authorization: Bearer rendo_pat_…'

/**
 * Revokes the token the request came with (`rendo logout`): whatever its scope, a token may end
 * itself, and only itself. A session without a token has nothing to revoke here.
 */
export async function revokeOwnToken(actor: Actor) {
	if (actor.kind !== 'user' || !actor.tokenId) throw new UnauthenticatedError(NO_TOKEN_TO_REVOKE)
	await db
		.update(accessTokens)
		.set({ revokedAt: new Date() })
		.where(
			and(eq(accessTokens.id, actor.tokenId), eq(accessTokens.userId, actor.userId), isNull(accessTokens.revokedAt)),
		)
	return { revoked: true as const }
}

/** The token the request came with, as `rendo whoami` shows it; null for a session. */
export async function currentToken(actor: Actor) {
	if (actor.kind !== 'user' || !actor.tokenId) return null
	const [row] = await db
		.select({
			id: accessTokens.id,
			name: accessTokens.name,
			scope: accessTokens.scope,
			expiresAt: accessTokens.expiresAt,
		})
		.from(accessTokens)
		.where(and(eq(accessTokens.id, actor.tokenId), eq(accessTokens.userId, actor.userId)))
	if (!row) return null
	return { ...row, scope: row.scope as TokenScope, expiresAt: row.expiresAt?.toISOString() ?? null }
}
