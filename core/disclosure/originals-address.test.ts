import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { originalsPages } from '#db/schema/disclosure.ts'
import { propertyStudioProjects } from '#db/schema/studio.ts'
import { db } from '#core/platform/db.ts'
import { ForbiddenError } from '#core/errors.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import {
	isOriginalsToken,
	issueNewOriginalsAddress,
	liveOriginalsPage,
	originalsPageFor,
	resolveOriginalsToken,
	setOriginalsPageEnabled,
} from './originals-address.ts'

async function project() {
	const user = await insertUser()
	const [row] = await db
		.insert(propertyStudioProjects)
		.values({ userId: user.id, propertyAddress: '4 Mill Lane' })
		.returning()
	return { user, project: row }
}

describe("a property's originals page address", () => {
	test('is made once on first need, even when needs race, and is 128 random bits', async () => {
		const { project: p } = await project()
		const pages = await Promise.all(Array.from({ length: 5 }, () => liveOriginalsPage(p.id)))
		expect(new Set(pages.map((page) => page.token)).size).toBe(1)
		expect(isOriginalsToken(pages[0].token)).toBe(true)
		expect(await db.select().from(originalsPages).where(eq(originalsPages.projectId, p.id))).toHaveLength(1)
		expect(await resolveOriginalsToken(pages[0].token)).toEqual({
			state: 'live',
			projectId: p.id,
			token: pages[0].token,
		})
	})

	test('a new address retires the old one; switched off it opens nothing until switched on', async () => {
		const { user, project: p } = await project()
		const actor = actorFor(user)
		const first = await originalsPageFor(actor, p.id)
		await setOriginalsPageEnabled(actor, p.id, false)
		expect(await resolveOriginalsToken(first.token)).toEqual({ state: 'off' })

		const second = await issueNewOriginalsAddress(actor, p.id)
		expect(second.token).not.toBe(first.token)
		expect(second.enabled).toBe(false)
		expect(await resolveOriginalsToken(first.token)).toEqual({ state: 'retired' })
		await setOriginalsPageEnabled(actor, p.id, true)
		expect(await resolveOriginalsToken(second.token)).toMatchObject({ state: 'live', projectId: p.id })
		expect((await originalsPageFor(actor, p.id)).url).toMatch(new RegExp(`/o/${second.token}$`))
	})

	test('only the owner changes it; unknown and malformed tokens open nothing', async () => {
		const { project: p } = await project()
		const stranger = actorFor(await insertUser())
		await expect(issueNewOriginalsAddress(stranger, p.id)).rejects.toBeInstanceOf(ForbiddenError)
		await expect(setOriginalsPageEnabled(stranger, p.id, false)).rejects.toBeInstanceOf(ForbiddenError)
		expect(await resolveOriginalsToken('A'.repeat(22))).toEqual({ state: 'unknown' })
		expect(await resolveOriginalsToken("'; drop table x;--")).toEqual({ state: 'unknown' })
	})
})
