/** Builders for calling loaders and actions directly, the way Remix would. */

const ORIGIN = 'http://localhost:3000'

export function formRequest(path: string, fields: Record<string, string>, init: { cookie?: string } = {}) {
	return new Request(`${ORIGIN}${path}`, {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: { 'content-type': 'application/x-www-form-urlencoded', ...(init.cookie && { cookie: init.cookie }) },
	})
}

export function jsonRequest(path: string, body: unknown, init: { cookie?: string; method?: string } = {}) {
	return new Request(`${ORIGIN}${path}`, {
		method: init.method ?? 'POST',
		body: typeof body === 'string' ? body : JSON.stringify(body),
		headers: { 'content-type': 'application/json', ...(init.cookie && { cookie: init.cookie }) },
	})
}

export function getRequest(path: string, init: { cookie?: string } = {}) {
	return new Request(`${ORIGIN}${path}`, { headers: init.cookie ? { cookie: init.cookie } : {} })
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeader(headers: Headers) {
	return headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ')
}

export function cookieFrom(response: Response) {
	return cookieHeader(response.headers)
}

export const context = { clientAddress: '203.0.113.7' }

/** Loaders and actions return data() results or Responses, or throw redirects: normalise them. */
export async function settle(run: () => Promise<unknown>) {
	try {
		return asResult(await run())
	} catch (thrown) {
		if (thrown instanceof Response) return asResult(thrown)
		throw thrown
	}
}

function asResult(value: unknown) {
	if (value instanceof Response) return { status: value.status, headers: value.headers, response: value }
	const d = value as { type?: string; data?: unknown; init?: ResponseInit | null }
	if (d && d.type === 'DataWithResponseInit')
		return { status: d.init?.status ?? 200, headers: new Headers(d.init?.headers), data: d.data }
	return { status: 200, headers: new Headers(), data: value }
}
