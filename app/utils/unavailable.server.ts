import {
	type Dependency,
	RETRY_AFTER_SECONDS,
	UNAVAILABLE_MESSAGES,
	unavailableDependency,
} from '#core/platform/unavailable.ts'

/**
 * A loader or action that failed because the database, the object store or the disk did (a
 * restart, an outage, a full disk) is answered as such: 503 (507 for the disk) with Retry-After and
 * the reason in words, instead of Remix's 500 and, in development, its stack. Remix hands every
 * such error to entry.server's handleError with the request's load context; it is noted there, and
 * the request handler swaps the 500 for this answer. A plain field, not a module's state: the
 * handler and the route modules may be two copies of this file (Vite's, and Node's).
 */
interface Noted {
	unavailable?: Dependency
}

export function noteUnavailable(context: unknown, error: unknown) {
	const dependency = unavailableDependency(error)
	if (dependency && context && typeof context === 'object') (context as Noted).unavailable ??= dependency
	return dependency
}

/** The answer for a request whose handling failed on `dependency`: JSON for the API and programs, a page for people. */
export function unavailableAnswer(context: unknown, request: { path: string; headers: { accept?: string } }) {
	const dependency = (context as Noted | undefined)?.unavailable
	if (!dependency) return null
	const message = UNAVAILABLE_MESSAGES[dependency]
	const status = dependency === 'disk' ? 507 : 503
	const headers = { 'Retry-After': String(RETRY_AFTER_SECONDS[dependency]), 'Cache-Control': 'no-store' }
	const wantsPage = !request.path.startsWith('/api/') && /text\/html/.test(request.headers.accept ?? '')
	if (!wantsPage) return Response.json({ message }, { status, headers })
	const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Temporarily Unavailable | Rendo</title></head><body><main><h1>Temporarily Unavailable</h1><p>${message}</p><p><a href="">Try again</a></p></main></body></html>`
	return new Response(page, { status, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } })
}
