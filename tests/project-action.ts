import { expect } from 'vitest'
import { action } from '#app/routes/_studio+/property-studio.$id.tsx'

// The project page's own actions, posted as a plain form would post them (a redirect to the next
// ?step=) or as the workflow's fetchers do (data, no redirect), for the route tests.

const ORIGIN = 'http://localhost:3000'

export type ProjectActionAnswer = Response | { data: Record<string, unknown>; init: ResponseInit | null }

/** Posts `body` to the project page with `query` (the step and intent), as the signed-in `cookie`. */
export async function postProjectAction(cookie: string, projectId: string, query: string, body: FormData) {
	const request = new Request(`${ORIGIN}/property-studio/${projectId}?${query}`, {
		method: 'POST',
		body,
		headers: { cookie },
	})
	return (await action({ request, params: { id: projectId }, context: {} })) as ProjectActionAnswer
}

/** Form data of these fields; a list is sent as the same name repeated. */
export function formOf(fields: Record<string, string | string[]>) {
	const body = new FormData()
	for (const [name, value] of Object.entries(fields))
		for (const one of Array.isArray(value) ? value : [value]) body.append(name, one)
	return body
}

/** Where a plain form's post was sent next (a 302). */
export function redirectOf(answer: ProjectActionAnswer) {
	expect(answer).toBeInstanceOf(Response)
	const response = answer as Response
	expect(response.status).toBe(302)
	return response.headers.get('location')
}

/** What a fetcher's post got back: its data and status. */
export function dataOf(answer: ProjectActionAnswer) {
	expect(answer).not.toBeInstanceOf(Response)
	const { data, init } = answer as Exclude<ProjectActionAnswer, Response>
	return { body: data, status: init?.status ?? 200 }
}
