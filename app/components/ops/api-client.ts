/** A failed call to one of the staff APIs, carrying the server's { message } when it sent one. */
export class ApiError extends Error {
	name = 'ApiError'
	constructor(
		message: string,
		public status: number,
	) {
		super(message)
	}
}

/** fetch for the JSON APIs: same-origin credentials, never cached, non-OK answers become ApiError. */
export async function requestJson<T>(
	url: string,
	init: RequestInit & { json?: unknown } = {},
	fallback = 'Request failed',
): Promise<T> {
	const { json, ...rest } = init
	let response: Response
	try {
		response = await fetch(url, {
			credentials: 'same-origin',
			cache: 'no-store',
			...rest,
			...(json !== undefined && { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } }),
		})
	} catch {
		throw new ApiError(fallback, 0)
	}
	if (!response.ok) {
		const body = (await response.json().catch(() => null)) as { message?: unknown } | null
		throw new ApiError(typeof body?.message === 'string' && body.message ? body.message : fallback, response.status)
	}
	return (await response.json()) as T
}
