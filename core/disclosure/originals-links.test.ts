import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { originalsPages } from '#db/schema/disclosure.ts'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import { ForbiddenError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { galleryJson, listVariations } from '#core/studio/variations.ts'
import { renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { livePageOf, whatOpens } from '#tests/originals-address.ts'
import { issueNewOriginalsAddress, setOriginalsPageEnabled } from './originals-address.ts'
import { projectWithOriginals } from './originals-links.ts'

const pagesOf = (projectId: string) => db.select().from(originalsPages).where(eq(originalsPages.projectId, projectId))

describe("the API's variations lead to their originals", () => {
	test('each delivered staged image to its own anchor on the live page; enhanced photos and pending renders do not', async () => {
		const user = await insertUser()
		const actor = actorFor(user)
		const { project, variations } = await renderedProject(user, {
			rooms: [
				{ roomType: 'kitchen', style: 'modern' },
				{ roomType: 'living', style: 'modern' },
			],
		})
		await stagedByVendor(variations)
		// The local renderer makes no enhanced photos: the living room's are, as a vendor's would be.
		await db
			.update(propertyStudioVariations)
			.set({ style: 'enhance' })
			.where(eq(propertyStudioVariations.roomId, variations[3].roomId))
		const shown = await listVariations(actor, project.id)
		const staged = shown.filter((v) => v.style === 'modern')
		expect(staged).toHaveLength(3)
		for (const v of staged) {
			expect(v.originalsUrl).toMatch(new RegExp(`^${config().appUrl}/o/`))
			expect(await whatOpens(v.originalsUrl)).toEqual({ page: livePageOf(project.id), anchor: `v-${v.id}` })
		}
		expect(shown.filter((v) => v.style === 'enhance').map((v) => v.originalsUrl)).toEqual([null, null, null])

		const answer = await projectWithOriginals(actor, project.id)
		expect(await whatOpens(answer.originalsPageUrl)).toEqual({ page: livePageOf(project.id), anchor: undefined })
		expect(staged[0].originalsUrl).toBe(`${answer.originalsPageUrl}#v-${staged[0].id}`)
		await expect(projectWithOriginals(actorFor(await insertUser()), project.id)).rejects.toBeInstanceOf(ForbiddenError)
	}, 60_000)

	test('local previews lead nowhere, and polling their gallery makes no page', async () => {
		const user = await insertUser()
		const { actor, project } = await renderedProject(user)
		const shown = await listVariations(actor, project.id)
		expect(shown.map((v) => [v.isPreview, v.originalsUrl])).toEqual(Array(3).fill([true, null]))
		expect(await pagesOf(project.id)).toEqual([])
	}, 60_000)

	test('polls answer from memory with one page; a new address or the page switched off changes the answer', async () => {
		const user = await insertUser()
		const { actor, project, variations } = await renderedProject(user)
		await stagedByVendor(variations)
		const first = await galleryJson(actor, project.id)
		expect(await galleryJson(actor, project.id)).toBe(first)
		expect(await galleryJson(actor, project.id)).toBe(first)
		expect(await pagesOf(project.id)).toHaveLength(1)
		const tokenIn = (json: string) => [
			...new Set(
				(JSON.parse(json) as Array<{ originalsUrl: string }>).map((v) => v.originalsUrl?.split('#')[0] ?? null),
			),
		]

		const renewed = await issueNewOriginalsAddress(actor, project.id)
		const after = await galleryJson(actor, project.id)
		expect(after.etag).not.toBe(first.etag)
		expect(tokenIn(after.json)).toEqual([renewed.url])
		expect(await pagesOf(project.id)).toHaveLength(2)

		await setOriginalsPageEnabled(actor, project.id, false)
		const off = await galleryJson(actor, project.id)
		expect(off.etag).not.toBe(after.etag)
		expect(tokenIn(off.json)).toEqual([null])
		expect((await projectWithOriginals(actor, project.id)).originalsPageUrl).toBeNull()
	}, 60_000)
})
