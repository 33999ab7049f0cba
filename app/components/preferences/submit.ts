export type ApiFailure = { message?: string; errors?: Record<string, string[]> | string[] }

/** Sends a form to one of the JSON APIs; network failures come back as a failed answer, never a throw. */
export async function postForm<T>(url: string, body: FormData) {
	try {
		const response = await fetch(url, { method: 'POST', body, credentials: 'include' })
		const json = (await response.json().catch(() => ({}))) as T & ApiFailure
		return {
			ok: response.ok,
			status: response.status,
			statusText: response.statusText || String(response.status),
			body: json,
		}
	} catch {
		return { ok: false, status: 0, statusText: 'Network error', body: {} as T & ApiFailure }
	}
}

/** A field's server-side messages from an { errors: { field: [...] } } answer. */
export function fieldErrorsOf(body: ApiFailure): Record<string, string[]> {
	return body.errors && !Array.isArray(body.errors) ? body.errors : {}
}
