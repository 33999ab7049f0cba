import { expect, test } from 'vitest'
import { resolveOriginalsToken } from '#core/disclosure/originals-address.ts'
import { hit } from '#tests/api-contract.ts'
import { renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { insertUser } from '#tests/factories.ts'
import { cookieFor } from '#tests/studio.ts'

type Variation = { id: string; originalsUrl: string | null; isFavorite: boolean }

/** The page an originals address opens, by its token; the anchor after it. */
async function opened(url: string) {
	const [, token, anchor] = /\/o\/([^/#]+)(?:#(.*))?$/.exec(url) ?? []
	return { page: await resolveOriginalsToken(token), anchor }
}

test("the API's variations, favourites, hearts and project lead to the live originals page, as documented", async () => {
	const user = await insertUser()
	const cookie = await cookieFor(user)
	const { project, variations } = await renderedProject(user)
	await stagedByVendor(variations)
	const live = { state: 'live', projectId: project.id, token: expect.any(String) }

	const listed = await hit('get', '/api/property-studio/projects/{id}/variations', {
		cookie,
		params: { id: project.id },
	})
	expect(listed.status).toBe(200)
	const shown = listed.body as Variation[]
	expect(shown).toHaveLength(3)
	for (const v of shown) expect(await opened(v.originalsUrl!)).toEqual({ page: live, anchor: `v-${v.id}` })
	// A poll with the answer's ETag is still a 304.
	const again = await hit('get', '/api/property-studio/projects/{id}/variations', {
		cookie,
		params: { id: project.id },
		headers: { 'if-none-match': listed.headers.get('etag')! },
	})
	expect(again.status).toBe(304)

	const hearted = await hit('post', '/api/property-studio/variations/{id}/favorite', {
		cookie,
		params: { id: shown[1].id },
		json: { isFavorite: true },
	})
	expect((hearted.body as { variation: Variation }).variation.originalsUrl).toBe(shown[1].originalsUrl)
	const favourites = await hit('get', '/api/property-studio/projects/{id}/favorites', {
		cookie,
		params: { id: project.id },
	})
	expect((favourites.body as Variation[]).map((v) => v.originalsUrl)).toEqual([shown[1].originalsUrl])

	const one = await hit('get', '/api/property-studio/projects/{id}', { cookie, params: { id: project.id } })
	const { originalsPageUrl } = one.body as { originalsPageUrl: string }
	expect(await opened(originalsPageUrl)).toEqual({ page: live, anchor: undefined })
	expect(shown[0].originalsUrl).toBe(`${originalsPageUrl}#v-${shown[0].id}`)
}, 60_000)
