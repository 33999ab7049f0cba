import { InsufficientScopeError } from '#core/accounts/actor.ts'
import { ForbiddenError, InputError, NotFoundError, RateLimitError, UnauthenticatedError } from '#core/errors.ts'

/** Maps core errors to the JSON the spec's clients read ({ message, errors? }); rethrows bugs. */
export function errorResponse(error: unknown) {
	if (error instanceof InputError)
		return Response.json({ message: error.message, errors: error.fieldErrors }, { status: 400 })
	if (error instanceof UnauthenticatedError) return Response.json({ message: error.message }, { status: 401 })
	// An access token without the scope this needs: the scope is named, for people and for programs.
	if (error instanceof InsufficientScopeError)
		return Response.json(
			{ message: error.message, requiredScope: error.need },
			{
				status: 403,
				headers: { 'WWW-Authenticate': `Bearer realm="rendo", error="insufficient_scope", scope="${error.need}"` },
			},
		)
	if (error instanceof ForbiddenError) return Response.json({ message: error.message }, { status: 403 })
	if (error instanceof NotFoundError) return Response.json({ message: error.message }, { status: 404 })
	if (error instanceof RateLimitError)
		return Response.json(
			{ message: error.message },
			{ status: 429, headers: { 'Retry-After': String(error.retryAfterSeconds) } },
		)
	throw error
}

/**
 * A refusal core explains in words the user can act on (bad input, not theirs, not found, too many
 * at once), as a page shows it beside its form; anything else is a bug.
 */
export function isRefusal(error: unknown): error is InputError | ForbiddenError | NotFoundError | RateLimitError {
	return (
		error instanceof InputError ||
		error instanceof ForbiddenError ||
		error instanceof NotFoundError ||
		error instanceof RateLimitError
	)
}

/** Runs an API handler and answers its core errors as JSON. */
export async function apiResponse(run: () => Promise<Response>) {
	try {
		return await run()
	} catch (error) {
		return errorResponse(error)
	}
}

/**
 * A body of at most `maxBytes`, counted while it streams in: a larger one is refused with 413
 * before the rest is read (a declared Content-Length over the limit is refused unread).
 */
export async function readBodyLimited(request: Request, maxBytes: number): Promise<Buffer> {
	const tooLarge = () => Response.json({ message: 'Request body is too large' }, { status: 413 })
	if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge()
	const chunks: Uint8Array[] = []
	let size = 0
	const reader = request.body?.getReader()
	for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
		size += read.value.byteLength
		if (size > maxBytes) {
			await reader!.cancel()
			throw tooLarge()
		}
		chunks.push(read.value)
	}
	return Buffer.concat(chunks)
}

/** JSON bodies for the API; a malformed body is bad input, not a crash. */
export async function readJson(request: Request): Promise<unknown> {
	try {
		return await request.json()
	} catch {
		throw new InputError({}, 'Request body must be JSON')
	}
}

/**
 * JSON that clients revalidate instead of downloading again: a poll whose If-None-Match names the
 * current ETag gets an empty 304 (browsers do this themselves for fetches with cache 'no-cache').
 */
export function revalidatedJson(request: Request, { etag, json }: { etag: string; json: string }) {
	const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' }
	const known = request.headers
		.get('if-none-match')
		?.split(',')
		.map((tag) => tag.trim().replace(/^W\//, ''))
	if (known?.includes(etag)) return new Response(null, { status: 304, headers })
	return jsonText(json, headers)
}

/** JSON already serialised, with its length: small bodies then leave in one write (request-handler.server.ts). */
export function jsonText(json: string, headers: Record<string, string> = {}) {
	return new Response(json, {
		headers: {
			...headers,
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Length': String(Buffer.byteLength(json)),
		},
	})
}
