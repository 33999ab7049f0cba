import { expect, test } from 'vitest'
import { hit } from '#tests/api-contract.ts'
import { renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { insertUser } from '#tests/factories.ts'
import { livePageOf, whatOpens } from '#tests/originals-address.ts'
import { cookieFor } from '#tests/studio.ts'

type Variation = { id: string; originalsUrl: string | null; isFavorite: boolean }

test("the API's variations, favourites, hearts and project lead to the live originals page, as documented", async () => {
	const user = await insertUser()
	const cookie = await cookieFor(user)
	const { project, variations } = await renderedProject(user)
	await stagedByVendor(variations)
	const live = livePageOf(project.id)

	const listed = await hit('get', '/api/property-studio/projects/{id}/variations', {
		cookie,
		params: { id: project.id },
	})
	expect(listed.status).toBe(200)
	const shown = listed.body as Variation[]
	expect(shown).toHaveLength(3)
	for (const v of shown) expect(await whatOpens(v.originalsUrl)).toEqual({ page: live, anchor: `v-${v.id}` })
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
	expect(await whatOpens(originalsPageUrl)).toEqual({ page: live, anchor: undefined })
	expect(shown[0].originalsUrl).toBe(`${originalsPageUrl}#v-${shown[0].id}`)
}, 60_000)
