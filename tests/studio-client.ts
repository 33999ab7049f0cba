import { randomUUID } from 'node:crypto'
import { cookieHeader } from '#tests/request.ts'

/** A signed-in agent talking to the studio's JSON API, as the web app's pages do. */
export async function signUp(url: string) {
	const id = randomUUID().slice(0, 8)
	const email = `bench.${id}@example.com`
	const password = 'bench-password'
	const response = await fetch(`${url}/api/auth/register`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			firstName: 'Bench',
			lastName: 'Agent',
			username: `bench_${id}`,
			email,
			password,
			confirmPassword: password,
		}),
	})
	if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`)
	const cookie = cookieHeader(response.headers)
	return { email, ...studioClient(url, cookie) }
}

function studioClient(url: string, cookie: string) {
	const lastSeen = new Map<string, { etag: string; body: Array<{ id: string; status: string }> }>()
	async function call<T>(method: string, path: string, body?: BodyInit, type?: string): Promise<T> {
		const response = await fetch(`${url}${path}`, {
			method,
			body,
			headers: { cookie, ...(type && { 'content-type': type }) },
		})
		if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
		return response.json() as Promise<T>
	}
	const json = <T = unknown>(method: string, path: string, body: unknown) =>
		call<T>(method, path, JSON.stringify(body), 'application/json')
	return {
		cookie,
		createProject: (propertyAddress: string) =>
			json<{ id: string }>('POST', '/api/property-studio/projects', { propertyAddress }),
		upload(projectId: string, photo: Buffer, roomType = 'living') {
			const form = new FormData()
			form.set('projectId', projectId)
			form.set('roomType', roomType)
			form.set('hasFurniture', 'false')
			form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${roomType}.jpg`)
			return call<{ roomId: string }>('POST', '/api/property-studio/upload-image', form)
		},
		process: (roomId: string, style: string | string[]) =>
			json('POST', `/api/property-studio/rooms/${roomId}/process`, {
				styles: [style].flat(),
				variationCount: 3,
				hasFurniture: false,
			}),
		favorite: (variationId: string) =>
			json('POST', `/api/property-studio/variations/${variationId}/favorite`, { isFavorite: true }),
		/** As the gallery polls in a browser: revalidating with the last ETag, so no news is a bodiless 304. */
		async variations(projectId: string) {
			const path = `/api/property-studio/projects/${projectId}/variations`
			const last = lastSeen.get(path)
			const response = await fetch(`${url}${path}`, {
				headers: { cookie, ...(last && { 'if-none-match': last.etag }) },
			})
			if (response.status === 304 && last) return last.body
			if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
			const body = (await response.json()) as Array<{ id: string; status: string }>
			lastSeen.set(path, { etag: response.headers.get('etag')!, body })
			return body
		},
	}
}
