import { eq } from 'drizzle-orm'
import { expect, test, vi } from 'vitest'

await vi.hoisted(() => import('#tests/mocks/openai-images.ts').then((m) => m.useOpenAiImagesSettings()))

import { propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { InputError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { readBytes } from '#core/platform/storage.ts'
import { settleJobs } from '#tests/jobs.ts'
import { createOpenAiImagesModel } from '#tests/mocks/openai-images.ts'
import { serveVendorModel } from '#tests/provider-contract.ts'
import { anotherView, roomWithPhoto, stagingRowsOf, variationsOf } from '#tests/staging.ts'
import { confirmRoomTypes } from './confirm-rooms.ts'
import { processRoom, remodelRoom } from './process-room.ts'
import {
	ALREADY_A_VIEW,
	HAS_VIEWS,
	NOT_ITS_OWN_VIEW,
	NOTHING_TO_MATCH,
	releaseViews,
	restageViews,
	setSameRoom,
} from './room-views.ts'

// Views of one room through the whole pipeline, against the model of OpenAI's images.edit: the
// second view waits for the first view's image in the style, then goes with it as a second input image.
const api = createOpenAiImagesModel()
serveVendorModel(api)

test('a second view waits for the first view, then is staged with its image as the reference, once', async () => {
	const { actor, room: first } = await roomWithPhoto()
	const view = await anotherView(first)
	expect((await setSameRoom(actor, view.id, { sameRoomAs: first.id })).sameRoomAs).toBe(first.id)

	// Asked for together: the view waits for the first view's modern image.
	await processRoom(actor, first.id, { styles: ['modern'] })
	await processRoom(actor, view.id, { styles: ['modern'] })
	expect(await stagingRowsOf(view.id)).toEqual([])
	await settleJobs()

	expect(api.calls).toHaveLength(2)
	const [firstCall, viewCall] = api.calls
	expect(firstCall).toHaveProperty('image')
	expect(viewCall).toHaveProperty('image[]')
	expect(viewCall.prompt).toContain('Furnish this photograph with the same pieces')
	const firstImages = (await variationsOf(first.id)).sort((a, b) => a.variationIndex - b.variationIndex)
	const [request] = await stagingRowsOf(view.id)
	expect(request.referenceKey).toBe(firstImages[0].imageUrl)
	expect(api.referencesOf[1][0].equals((await readBytes(firstImages[0].imageUrl!))!)).toBe(true)
	expect((await variationsOf(view.id)).map((v) => [v.status, v.stagingNote])).toEqual(
		Array(3).fill(['completed', null]),
	)

	// Released again (a job run twice): the request exists, nothing more is asked.
	await releaseViews({ roomId: first.id, style: 'modern', generationNumber: 1 })
	await settleJobs()
	expect(api.calls).toHaveLength(2)
	expect(await stagingRowsOf(view.id)).toHaveLength(1)
})

test("a first view without the style's image: the view is staged on its own, and says why", async () => {
	const { actor, room: first } = await roomWithPhoto()
	const view = await anotherView(first)
	await setSameRoom(actor, view.id, { sameRoomAs: first.id })
	await processRoom(actor, view.id, { styles: ['luxury'] })
	await settleJobs()
	expect(api.calls.at(-1)).toHaveProperty('image')
	expect((await variationsOf(view.id)).map((v) => [v.status, v.stagingNote])).toEqual(
		Array(3).fill(['completed', 'Staged on its own: the first view of this room has no Luxury image to match']),
	)
})

test('a first view whose render failed releases its waiting view, which is staged on its own', async () => {
	const { actor, room: first } = await roomWithPhoto()
	const view = await anotherView(first)
	await setSameRoom(actor, view.id, { sameRoomAs: first.id })
	// The first view's modern render failed for good; the view waiting for it must not hang.
	await db.insert(propertyStudioVariations).values({ roomId: first.id, style: 'modern', status: 'failed' })
	await db.insert(propertyStudioVariations).values({ roomId: view.id, style: 'modern', status: 'pending' })
	await releaseViews({ roomId: first.id, style: 'modern', generationNumber: 1 })
	await settleJobs()
	const [variation] = await variationsOf(view.id)
	expect(variation.status).toBe('completed')
	expect(variation.stagingNote).toMatch(/^Staged on its own/)
})

test('views are of one room: other types, chains and itself are refused, naming the photos', async () => {
	const { actor, room: first } = await roomWithPhoto()
	await db.update(propertyStudioRooms).set({ roomName: 'Lounge' }).where(eq(propertyStudioRooms.id, first.id))
	const kitchen = await anotherView(first, { roomType: 'kitchen', roomName: 'Back kitchen' })
	await expect(setSameRoom(actor, kitchen.id, { sameRoomAs: first.id })).rejects.toThrow(
		'Back kitchen (Kitchen) and Lounge (Living Room) are different room types: only photos of one room can be views of it',
	)
	await expect(setSameRoom(actor, first.id, { sameRoomAs: first.id })).rejects.toThrow(NOT_ITS_OWN_VIEW)
	const view = await anotherView(first)
	await setSameRoom(actor, view.id, { sameRoomAs: first.id })
	const third = await anotherView(first)
	await expect(setSameRoom(actor, third.id, { sameRoomAs: view.id })).rejects.toThrow(ALREADY_A_VIEW)
	await expect(setSameRoom(actor, first.id, { sameRoomAs: third.id })).rejects.toThrow(HAS_VIEWS)
	await expect(setSameRoom(actor, view.id, { sameRoomAs: 'nope' })).rejects.toThrow(InputError)
	// Someone else's room is not theirs to point at.
	const { room: stranger } = await roomWithPhoto()
	await expect(setSameRoom(actor, view.id, { sameRoomAs: stranger.id })).rejects.toThrow()
	expect((await setSameRoom(actor, view.id, { sameRoomAs: null })).sameRoomAs).toBeNull()
})

test('a remodel of the first view restages its views to match it, once however often asked', async () => {
	const { actor, room: first } = await roomWithPhoto()
	const [view, other] = [await anotherView(first), await anotherView(first)]
	for (const room of [view, other]) await setSameRoom(actor, room.id, { sameRoomAs: first.id })
	for (const room of [first, view, other]) await processRoom(actor, room.id, { styles: ['modern'] })
	await settleJobs()
	const [matchedFirst] = (await variationsOf(first.id)).sort((a, b) => a.variationIndex - b.variationIndex)
	expect((await variationsOf(view.id)).map((v) => v.matchedTo)).toEqual(Array(3).fill(matchedFirst.id))

	const { variation: remodel } = await remodelRoom(actor, first.id, { style: 'modern' })
	await settleJobs()
	const callsBefore = api.calls.length
	const { variations: queued } = await restageViews(actor, remodel.id)
	expect(queued.map((v) => [v.roomId, v.generationNumber, v.status, v.matchedTo])).toEqual([
		[view.id, 2, 'pending', remodel.id],
		[other.id, 2, 'pending', remodel.id],
	])
	// A second tap while they render, and one after: every view already matches, nothing more is asked.
	expect((await restageViews(actor, remodel.id)).variations).toEqual([])
	await settleJobs()
	expect((await restageViews(actor, remodel.id)).variations).toEqual([])
	await settleJobs()

	expect(api.calls.length - callsBefore).toBe(2)
	const [remodelled] = (await variationsOf(first.id)).filter((v) => v.generationNumber === 2)
	for (const room of [view, other]) {
		const restaged = (await variationsOf(room.id)).filter((v) => v.generationNumber === 2)
		expect(restaged.map((v) => [v.status, v.matchedTo, v.stagingNote])).toEqual([['completed', remodel.id, null]])
		const requests = await stagingRowsOf(room.id)
		expect(requests.map((r) => r.referenceKey).sort()).toEqual([matchedFirst.imageUrl, remodelled.imageUrl].sort())
	}
	expect(api.referencesOf.at(-1)![0].equals((await readBytes(remodelled.imageUrl!))!)).toBe(true)
})

test('only a staged image of a first view with views can be matched, and only by its owner', async () => {
	const { actor, room: first } = await roomWithPhoto()
	const view = await anotherView(first)
	await processRoom(actor, first.id, { styles: ['modern', 'empty'] })
	await settleJobs()
	const callsBefore = api.calls.length
	const images = await variationsOf(first.id)
	const modern = images.find((v) => v.style === 'modern')!
	// No views yet.
	await expect(restageViews(actor, modern.id)).rejects.toThrow(NOTHING_TO_MATCH)
	await setSameRoom(actor, view.id, { sameRoomAs: first.id })
	// An emptied room has no furniture to match.
	await expect(restageViews(actor, images.find((v) => v.style === 'empty')!.id)).rejects.toThrow(NOTHING_TO_MATCH)
	const { actor: stranger } = await roomWithPhoto()
	await expect(restageViews(stranger, modern.id)).rejects.toThrow('Unauthorized access to project')
	expect(api.calls.length).toBe(callsBefore)
})

test('retyping a photo of a group away from its room is refused, naming the photos, and changes nothing', async () => {
	const { actor, room: first } = await roomWithPhoto()
	await db.update(propertyStudioRooms).set({ roomName: 'Lounge' }).where(eq(propertyStudioRooms.id, first.id))
	const view = await anotherView(first, { roomName: 'Lounge from the door' })
	await setSameRoom(actor, view.id, { sameRoomAs: first.id })
	await expect(
		confirmRoomTypes(actor, first.projectId, { rooms: [{ id: view.id, roomType: 'kitchen' }] }),
	).rejects.toThrow(
		'Kitchen (Kitchen) and Lounge (Living Room) are different room types: only photos of one room can be views of it',
	)
	await expect(processRoom(actor, first.id, { styles: ['modern'], roomType: 'bedroom' })).rejects.toThrow(
		'Lounge from the door (Living Room) and Lounge (Bedroom) are different room types',
	)
	const rooms = await db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.projectId, first.projectId))
	expect(rooms.map((r) => [r.roomName, r.roomType, r.status]).sort()).toEqual([
		['Lounge from the door', 'living', 'pending'],
		['Lounge', 'living', 'pending'],
	])
	expect(await variationsOf(first.id)).toEqual([])
	// Both retyped together stay one room.
	const retyped = await confirmRoomTypes(actor, first.projectId, {
		rooms: [
			{ id: first.id, roomType: 'dining' },
			{ id: view.id, roomType: 'dining' },
		],
	})
	expect(retyped.map((r) => r.roomType)).toEqual(['dining', 'dining'])
})

test("a view's call refused with 429s waits and asks again, matched to the same image, once", async () => {
	const { actor, room: first } = await roomWithPhoto()
	await processRoom(actor, first.id, { styles: ['modern'] })
	await settleJobs()
	const view = await anotherView(first)
	await setSameRoom(actor, view.id, { sameRoomAs: first.id })
	const [firstImage] = (await variationsOf(first.id)).sort((a, b) => a.variationIndex - b.variationIndex)
	const callsBefore = api.calls.length
	api.state.rateLimited = 2
	await processRoom(actor, view.id, { styles: ['modern'] })
	await settleJobs()

	// Two refusals and one call that answered, each with the first view's image as the reference.
	expect(api.calls.slice(callsBefore).map((call) => 'image[]' in call)).toEqual([true, true, true])
	const [request] = await stagingRowsOf(view.id)
	expect([request.state, request.busyCount, request.referenceKey]).toEqual(['delivered', 2, firstImage.imageUrl])
	expect((await variationsOf(view.id)).map((v) => [v.status, v.matchedTo, v.stagingNote])).toEqual(
		Array(3).fill(['completed', firstImage.id, null]),
	)
})
