import { eq, like } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { stagingRenders } from '#db/schema/staging.ts'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { liveOriginalsPage } from '#core/disclosure/originals-address.ts'
import { viewOriginalsPage } from '#core/disclosure/originals-page.ts'
import { stagingProviderHealth } from '#core/ops/staging-provider-health.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { favourite, renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { drainJobs } from '#tests/jobs.ts'
import { SEEN, SEEN_SENTENCE } from '#tests/room-check-contents.ts'
import { downloadableImages } from './download-files.ts'
import { renderProgress } from './render-progress.ts'
import { ALREADY_ANSWERED, answerRoomCheck, NOTHING_TO_ANSWER } from './room-check-answers.ts'
import { listFavorites, listVariations, setFavorite } from './variations.ts'

const WINDOW_MOVED = 'The window on the left may have moved'

/** As the pipeline records a check: the verdict, its sentence and the outlined region. */
async function flag(id: string, verdict: 'check' | 'unaligned' = 'check') {
	await db
		.update(propertyStudioVariations)
		.set({
			roomCheck: verdict,
			roomCheckNote: verdict === 'check' ? WINDOW_MOVED : null,
			roomCheckRegions: verdict === 'check' ? [{ x: 0.1, y: 0.2, width: 0.2, height: 0.3, kind: 'opening' }] : [],
			// An image it could not match to the photo it does not look into.
			roomCheckContents: verdict === 'check' ? SEEN : null,
		})
		.where(eq(propertyStudioVariations.id, id))
}

test('a flagged image is shown as open in the views, progress and downloads until the agent keeps it', async () => {
	const agent = await insertUser({ role: 'agent' })
	const { actor, project, variations } = await renderedProject(agent)
	await stagedByVendor(variations)
	const [first, second] = variations
	await flag(first.id)
	await flag(second.id, 'unaligned')

	const views = await listVariations(actor, project.id)
	expect(views.find((v) => v.id === first.id)?.roomCheck).toEqual({
		verdict: 'check',
		note: WINDOW_MOVED,
		regions: [{ x: 0.1, y: 0.2, width: 0.2, height: 0.3, kind: 'opening' }],
		answer: null,
		open: true,
		contents: SEEN,
		contentsSentence: SEEN_SENTENCE,
	})
	const progress = await renderProgress(actor, project.id)
	expect(progress.totals.checks).toBe(2)
	expect(progress.rooms[0].styles[0].checks).toEqual([
		{ variationId: first.id, note: WINDOW_MOVED },
		{ variationId: second.id, note: 'This image could not be matched to the photo: look at it before you use it' },
	])
	expect(progress.rooms[0].styles[0].contents).toEqual([
		{ variationId: first.id, position: 1, sentence: SEEN_SENTENCE },
	])
	await favourite(agent, [first.id])
	const offer = await downloadableImages(actor, project.id)
	expect(offer.images.map((i) => [i.roomCheck, i.contents])).toEqual([[WINDOW_MOVED, SEEN]])

	const kept = await answerRoomCheck(actor, { variationId: first.id, answer: 'kept' })
	expect(kept.variation.roomCheck).toMatchObject({ answer: 'kept', open: false })
	expect(kept.replacement).toBeNull()
	expect((await renderProgress(actor, project.id)).totals.checks).toBe(1)
	expect((await downloadableImages(actor, project.id)).images[0].roomCheck).toBeNull()
	await expect(answerRoomCheck(actor, { variationId: first.id, answer: 'replaced' })).rejects.toThrow(ALREADY_ANSWERED)
})

test('"Replace it free" sets the image aside and renders the new one into its slot: same place, same count, once', async () => {
	const since = new Date()
	const agent = await insertUser({ role: 'agent' })
	const { actor, project, variations } = await renderedProject(agent)
	await stagedByVendor(variations)
	const [before, flagged, fine] = variations
	await flag(flagged.id)
	await favourite(agent, [flagged.id])

	const { variation, replacement } = await answerRoomCheck(actor, { variationId: flagged.id, answer: 'replaced' })
	expect(variation.roomCheck).toMatchObject({ answer: 'replaced', open: false })
	expect(replacement).toMatchObject({
		style: flagged.style,
		generationNumber: flagged.generationNumber,
		variationIndex: flagged.variationIndex,
		status: 'pending',
	})
	// Rendering in the set-aside image's place, while the room's count stays three.
	expect((await listVariations(actor, project.id)).map((v) => [v.id, v.status])).toEqual([
		[before.id, 'completed'],
		[replacement!.id, 'pending'],
		[fine.id, 'completed'],
	])
	expect((await renderProgress(actor, project.id)).totals).toMatchObject({ expected: 3, pending: 1, checks: 0 })

	// A double click, or a post retried after a lost answer, gets the same replacement: no second render.
	const [again, twice] = await Promise.all([
		answerRoomCheck(actor, { variationId: flagged.id, answer: 'replaced' }),
		answerRoomCheck(actor, { variationId: flagged.id, answer: 'replaced' }),
	])
	expect([again.replacement?.id, twice.replacement?.id]).toEqual([replacement!.id, replacement!.id])
	await expect(answerRoomCheck(actor, { variationId: flagged.id, answer: 'kept' })).rejects.toThrow(ALREADY_ANSWERED)
	const requests = await db
		.select()
		.from(stagingRenders)
		.where(like(stagingRenders.subjectKey, `%:${replacement!.id}`))
	expect(requests).toHaveLength(1)

	await drainJobs()
	const after = await listVariations(actor, project.id)
	expect(after.map((v) => [v.id, v.status])).toEqual([
		[before.id, 'completed'],
		[replacement!.id, 'completed'],
		[fine.id, 'completed'],
	])
	// Set aside, it is kept for the record but is nobody's favourite, download or choice any more.
	const [row] = await db.select().from(propertyStudioVariations).where(eq(propertyStudioVariations.id, flagged.id))
	expect(row).toMatchObject({ roomCheckAnswer: 'replaced', imageUrl: expect.any(String) })
	expect(await listFavorites(actor, project.id)).toEqual([])
	expect((await downloadableImages(actor, project.id)).images).toEqual([])
	await expect(setFavorite(actor, flagged.id, true)).rejects.toThrow(NotFoundError)
	const originals = await viewOriginalsPage((await liveOriginalsPage(project.id)).token)
	expect(originals.state === 'live' && originals.images.map((i) => i.id)).toEqual([before.id, replacement!.id, fine.id])
	await favourite(agent, [replacement!.id])
	expect((await listFavorites(actor, project.id)).map((v) => v.id)).toEqual([replacement!.id])

	await expect(answerRoomCheck(actor, { variationId: fine.id, answer: 'kept' })).rejects.toThrow(NOTHING_TO_ANSWER)
	const stranger = actorFor(await insertUser({ role: 'agent' }))
	await flag(fine.id)
	await expect(answerRoomCheck(stranger, { variationId: fine.id, answer: 'kept' })).rejects.toThrow(ForbiddenError)
	await expect(answerRoomCheck(actor, { variationId: fine.id, answer: 'maybe' })).rejects.toThrow(InputError)

	// The rate per provider and model the operations dashboard shows, over this test's renders.
	await db.update(propertyStudioVariations).set({ roomCheck: 'ok' }).where(eq(propertyStudioVariations.id, before.id))
	const { roomChecks } = await stagingProviderHealth({ from: since, to: new Date(Date.now() + 60_000) })
	expect(roomChecks.filter((r) => r.provider === 'virtual-staging-ai')).toEqual([
		expect.objectContaining({ checked: 3, flagged: 2, flaggedPercent: 66.7, replaced: 1, kept: 0 }),
	])
})
