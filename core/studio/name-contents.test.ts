import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { expect, test, vi } from 'vitest'

await vi.hoisted(() => import('#tests/mocks/openai-images.ts').then((m) => m.useOpenAiImagesSettings()))

import { REAL_FIXTURES, readRealPairs } from '../../bench/room-check-real-corpus.ts'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import { db, pool } from '#core/platform/db.ts'
import { sharp } from '#core/platform/sharp.ts'
import { storage } from '#core/platform/storage.ts'
import { DELIVER_TASK, STAGE_TASK } from '#core/staging/request.ts'
import { drainJobs } from '#tests/jobs.ts'
import { createOpenAiImagesModel } from '#tests/mocks/openai-images.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { roomWithPhoto, variationsOf } from '#tests/staging.ts'
import { NAME_CONTENTS_TASK, nameContents, namedNow, queueNaming } from './name-contents.ts'
import { processRoom } from './process-room.ts'
import { variationImageKeys } from './render-variations.ts'

const openai = createOpenAiImagesModel()
serveVendorModel({ handlers: openai.handlers, reset: () => openai.reset() })

// Tuning pair 73 (Paint-by-Inpaint): a large flat TV mounted on the left wall, nothing else
// changed. The room check passes it from its pixels alone, so it is not segmented on delivery.
const pair = readRealPairs().find((p) => p.id === '73')!
const read = (file: string) => fs.readFileSync(path.join(REAL_FIXTURES, file))

/** The room staged through OpenAI, which answers the pair's "after" at its own output size, delivered but not yet named. */
async function delivered() {
	const { actor, room } = await roomWithPhoto({ photo: read(pair.before) })
	openai.state.answer = (_photo, output) =>
		sharp(read(pair.after)).resize(output.width, output.height, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer()
	await processRoom(actor, room.id, { styles: ['modern'], variationCount: 1 })
	await drainJobs({ only: [STAGE_TASK, DELIVER_TASK] })
	const [variation] = await variationsOf(room.id)
	return variation
}

const namingJobs = async (variationId: string) =>
	(
		await pool.query('select 1 from graphile_worker.jobs where task_identifier = $1 and key = $2', [
			NAME_CONTENTS_TASK,
			`contents:${variationId}`,
		])
	).rowCount

test('an image the check passed is delivered at once, and what it added is named after it, by a job of its own', async () => {
	expect(pair.label).toBe('legitimate')
	const variation = await delivered()
	expect([variation.status, variation.roomCheck, variation.roomCheckContents]).toEqual(['completed', 'ok', null])
	expect(await namingJobs(variation.id)).toBe(1)
	const { answer } = variationImageKeys(variation.id)
	expect(await storage().exists(answer)).toBe(true)

	await drainJobs({ only: [NAME_CONTENTS_TASK] })
	const [named] = await variationsOf(variation.roomId)
	expect(named.roomCheckContents).toEqual({
		added: [{ name: 'television', plural: 'televisions', count: 1 }],
		removed: [],
	})
	// The vendor's own image was kept only to be named from.
	expect(await storage().exists(answer)).toBe(false)
	expect(await namingJobs(variation.id)).toBe(0)
})

test('naming again (a job run twice, or again after its process was killed) leaves what was named as it is', async () => {
	const variation = await delivered()
	const seen = { added: [{ name: 'piano', plural: 'pianos', count: 1 }], removed: [] }
	await db
		.update(propertyStudioVariations)
		.set({ roomCheckContents: seen })
		.where(eq(propertyStudioVariations.id, variation.id))
	await db.transaction((tx) => queueNaming(tx, variation.id, 0))
	await drainJobs({ only: [NAME_CONTENTS_TASK] })
	const [row] = await variationsOf(variation.roomId)
	expect(row.roomCheckContents).toEqual(seen)
	// A crash after naming left the vendor's image behind: the next run cleared it.
	expect(await storage().exists(variationImageKeys(variation.id).answer)).toBe(false)
	// Run once more with nothing left to name or clear: nothing happens.
	await nameContents(variation.id)
	expect((await variationsOf(variation.roomId))[0].roomCheckContents).toEqual(seen)
})

test('a door that sends the image at once (the bot) names it first; its job then finds it named', async () => {
	const variation = await delivered()
	const [now] = await namedNow([variation])
	expect(now.roomCheckContents).toEqual({
		added: [{ name: 'television', plural: 'televisions', count: 1 }],
		removed: [],
	})
	expect((await variationsOf(variation.roomId))[0].roomCheckContents).toEqual(now.roomCheckContents)
	expect(await storage().exists(variationImageKeys(variation.id).answer)).toBe(false)
	await drainJobs({ only: [NAME_CONTENTS_TASK] })
	expect((await variationsOf(variation.roomId))[0].roomCheckContents).toEqual(now.roomCheckContents)
	// Already named, or flagged: nothing to do, nothing read.
	expect(await namedNow([now])).toEqual([now])
})
