import { expect, test } from 'vitest'
import { rateLimitHits } from '#db/schema/accounts.ts'
import { RateLimitError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { processRoom, remodelRoom } from '#core/studio/process-room.ts'
import { createTransformation } from '#core/transformations/transformations.ts'
import { OWN_EMAIL_ONLY } from '#core/transformations/transformation.schema.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { roomWithPhoto } from '#tests/staging.ts'
import { smallRoomPhoto, withTempFile } from '#tests/studio.ts'
import { currentWindow, pruneRateLimits } from './rate-limit.ts'

/** As if the account had already done this `uses` times this hour (a script would have). */
async function usedThisHour(key: string, uses: number) {
	await db
		.insert(rateLimitHits)
		.values({ key, windowStart: currentWindow(60 * 60_000).start, count: uses })
		.onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { count: uses } })
}

const transform = (user: { id: string; role: string; email: string }, fields: Record<string, string> = {}) =>
	smallRoomPhoto().then((photo) =>
		withTempFile(photo, (file) => createTransformation(actorFor(user), { style: 'modern', ...fields }, file)),
	)

test('remodels: an agent clicking gets through; past 120 in an hour the next is refused', async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['modern'], variationCount: 1 })
	await drainJobs()
	for (let i = 0; i < 3; i++) await remodelRoom(actor, room.id, { style: 'modern' })
	if (actor.kind !== 'user') throw new Error('a user actor')
	await usedThisHour(`remodel:${actor.userId}`, 120)
	const refused = await remodelRoom(actor, room.id, { style: 'modern' }).catch((e: unknown) => e)
	expect(refused).toBeInstanceOf(RateLimitError)
	expect((refused as Error).message).toBe('Too many remodels in the last hour. Please try again later.')
})

test('transformations: thirty an hour per account, and results only to its own address', async () => {
	const user = await insertUser()
	await expect(transform(user, { emailResults: 'true', email: 'stranger@example.com' })).rejects.toMatchObject({
		fieldErrors: { email: [OWN_EMAIL_ONLY] },
	})
	expect(await transform(user, { emailResults: 'true', email: user.email.toUpperCase() })).toMatchObject({
		emailResults: true,
	})
	await usedThisHour(`transform:${user.id}`, 30)
	await expect(transform(user)).rejects.toThrow('Too many transformations in the last hour. Please try again later.')
	// Another account is not held back by this one.
	expect(await transform(await insertUser())).toMatchObject({ status: 'pending' })
})

test('the hourly prune removes windows that ended a day ago and keeps the current ones', async () => {
	const day = 24 * 60 * 60_000
	await db.insert(rateLimitHits).values([
		{ key: 'prune:old', windowStart: new Date(Date.now() - 2 * day), count: 5 },
		{ key: 'prune:now', windowStart: currentWindow(60 * 60_000).start, count: 1 },
	])
	expect(await pruneRateLimits()).toBeGreaterThanOrEqual(1)
	const keys = (await db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key)
	expect(keys).toContain('prune:now')
	expect(keys).not.toContain('prune:old')
})
