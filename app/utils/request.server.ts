import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { config } from '#core/platform/config.ts'

/** What the express server hands every loader and action. */
export interface AppLoadContext {
	clientAddress: string
}

export function clientAddress(context: unknown) {
	return (context as Partial<AppLoadContext> | undefined)?.clientAddress ?? 'unknown'
}

/** The URL a string names, or undefined. */
function parse(url: string) {
	try {
		return new URL(url)
	} catch {
		return undefined
	}
}

/**
 * Mutating requests must come from our own pages. Cookies are SameSite=Lax, and this also stops
 * cross-site fetches with credentials and forms posted from other origins.
 *
 * The Origin header must be our origin exactly: scheme, host and port. APP_URL's origin is ours;
 * a request that reached us under APP_URL's host is held to APP_URL's scheme (a TLS proxy may
 * not say which it was), and one that reached us under another name (a LAN address, 127.0.0.1)
 * to that name and the scheme it came in on (X-Forwarded-Proto only when TRUST_PROXY is on).
 * A request without an Origin header (not a browser) passes; an opaque ("null") or malformed one
 * does not.
 */
export function isCrossOrigin(
	{ method, origin }: { method: string; origin: string | undefined },
	own: { protocol: string; host: string | undefined; appUrl: string },
) {
	if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false
	if (!origin) return false
	const claimed = parse(origin)?.origin
	if (!claimed || claimed === 'null') return true
	const app = parse(own.appUrl)
	if (claimed === app?.origin) return false
	const reached = own.host ? parse(`${own.protocol}://${own.host}`) : undefined
	if (!reached || reached.host === app?.host) return true
	return claimed !== reached.origin
}

/** The origin guard in front of Remix: a cross-origin mutation gets 403 and goes no further. */
export function rejectCrossOrigin(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
	const own = { protocol: req.protocol, host: req.headers.host, appUrl: config().appUrl }
	if (!isCrossOrigin({ method: req.method, origin: req.headers.origin }, own)) return next()
	res.status(403).json({ message: 'Cross-origin request rejected' })
}
