import { AsyncLocalStorage } from 'node:async_hooks'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { authenticateAccessToken } from '#core/accounts/access-tokens.ts'
import { InputError, UnauthenticatedError } from '#core/errors.ts'
import { errorResponse } from './api.server.ts'

/**
 * Where the request came from, for a token's "last used" address. getActor(request) is called
 * from every API route without the load context, so the address travels with the request's own
 * async work instead: set once in front of Remix (http.server.ts), read where the token is checked.
 */
const clientAddresses = new AsyncLocalStorage<string>()

/**
 * In front of Remix: every API request with a token in its query string is refused (public API
 * routes included, which never ask for an actor), and each request remembers its address.
 */
export function accessTokenGuard(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
	if (req.path.startsWith('/api/') && carriesTokenInQuery(new URL(req.originalUrl, 'http://rendo.invalid'))) {
		res.status(400).json({ message: TOKEN_IN_ADDRESS })
		return
	}
	clientAddresses.run(req.ip ?? req.socket.remoteAddress ?? 'unknown', next)
}

/** For tests calling loaders directly: runs `work` as a request from `address`. */
export function fromClientAddress<T>(address: string, work: () => T): T {
	return clientAddresses.run(address, work)
}

/** The JSON API (app/routes/api+/); pages and their forms never take a token. */
export function isApiRequest(request: Request) {
	return new URL(request.url).pathname.startsWith('/api/')
}

export const TOKEN_IN_ADDRESS =
	'Access tokens are accepted only in the Authorization header, never in the address. Revoke this token: addresses end up in logs and histories.'
export const BEARER_EXPECTED = 'Send the access token as Authorization: Bearer rendo_pat_…'

function carriesTokenInQuery(url: URL) {
	for (const [key, value] of url.searchParams)
		if (key.toLowerCase() === 'access_token' || /rendo_pat_/i.test(key) || /rendo_pat_/i.test(value)) return true
	return false
}

/** A core refusal as the JSON the API answers with, plus the bearer challenge on a 401 (RFC 6750). */
function refusal(error: unknown): Response {
	const response = errorResponse(error)
	if (response.status === 401) response.headers.set('WWW-Authenticate', `Bearer realm="rendo", error="invalid_token"`)
	return response
}

/**
 * The account behind an API request's bearer token: null when it has no Authorization header
 * (the cookie decides then). A token in the query string, a header that is not a bearer token, or
 * a token that is wrong, revoked, expired or over its rate is answered here, by a thrown JSON
 * Response, before any route code runs.
 */
export async function bearerUser(request: Request) {
	if (carriesTokenInQuery(new URL(request.url))) throw refusal(new InputError({}, TOKEN_IN_ADDRESS))
	const header = request.headers.get('authorization')
	if (header === null) return null
	const bearer = /^Bearer +(\S+) *$/i.exec(header)
	if (!bearer) throw refusal(new UnauthenticatedError(BEARER_EXPECTED))
	try {
		return await authenticateAccessToken(bearer[1], { address: clientAddresses.getStore() ?? 'unknown' })
	} catch (error) {
		throw refusal(error)
	}
}
