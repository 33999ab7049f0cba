import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import { z } from 'zod'
import { propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { stagingRenders } from '#db/schema/staging.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { InputError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { stagingProvider } from '#core/platform/staging-provider.ts'
import { PROVIDER_LABELS } from '#core/render/provider.ts'
import { parseInput } from '#core/validate.ts'
import { assertOpen, ownedRoom, ownedVariation } from './access.ts'
import {
	assertCanRender,
	countRemodel,
	jobOf,
	pendingSlotsOf,
	queueOneMore,
	requestRender,
	stagingKey,
	type RenderJob,
} from './process-room.ts'
import { addsFurniture, type StudioStyle } from './studio.schema.ts'
import { differentRoomTypes } from './view-room-types.ts'
import { roomView, variationView } from './views.ts'
import { NO_ORIGINALS } from '#core/disclosure/originals-links.ts'

/**
 * Views of one room: photos of the same room from other angles, marked "same room as" its first
 * view, are staged to match it (the same pieces, materials and colours, placed as seen from each
 * viewpoint), so a listing does not show a different sofa in every photo. A group is a first view
 * and the views that point at it; a view never points at another view, so there are no chains.
 * Each view of a style waits for its first view's image in that style (view-reference.ts) and is
 * requested when that generation settles: the reference is fixed when the request is made, and the
 * request is keyed like any other, so a restart never stages a view twice.
 */
export const SameRoomSchema = z.object({
	sameRoomAs: z.string().uuid('Unknown room').nullable(),
})

export const NOT_ITS_OWN_VIEW = 'A photo cannot be another view of itself'
export const ALREADY_A_VIEW = 'That photo is itself another view: choose the first view of the room'
export const HAS_VIEWS = 'Other photos are views of this one: it stays the first view of its room'

/** Marks a room as another view of `sameRoomAs` (in the same project, of the same room type), or unmarks it. */
export async function setSameRoom(actor: Actor, roomId: string, input: unknown) {
	const { sameRoomAs } = parseInput(SameRoomSchema, input)
	return db.transaction(async (tx) => {
		const { room, project } = await ownedRoom(tx, actor, roomId, { forUpdate: true })
		assertOpen(project)
		if (sameRoomAs) {
			if (sameRoomAs === room.id) throw new InputError({ sameRoomAs: [NOT_ITS_OWN_VIEW] }, NOT_ITS_OWN_VIEW)
			const { room: first } = await ownedRoom(tx, actor, sameRoomAs, { forUpdate: true })
			if (first.projectId !== room.projectId) throw new InputError({ sameRoomAs: ['Unknown room'] }, 'Unknown room')
			if (first.sameRoomAs) throw new InputError({ sameRoomAs: [ALREADY_A_VIEW] }, ALREADY_A_VIEW)
			if (first.roomType !== room.roomType) throw differentRoomTypes(room, first)
			const [view] = await tx
				.select({ id: propertyStudioRooms.id })
				.from(propertyStudioRooms)
				.where(eq(propertyStudioRooms.sameRoomAs, room.id))
				.limit(1)
			if (view) throw new InputError({ sameRoomAs: [HAS_VIEWS] }, HAS_VIEWS)
		}
		const [updated] = await tx
			.update(propertyStudioRooms)
			.set({ sameRoomAs })
			.where(eq(propertyStudioRooms.id, room.id))
			.returning()
		return roomView(updated)
	})
}

/**
 * A first view's generation of a style has settled (delivered or failed): the views waiting for it
 * are requested now, matched to its image or, where it has none, staged on their own with a note.
 */
export async function releaseViews(job: RenderJob) {
	if (job.generationNumber !== 1) return
	const views = await db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.sameRoomAs, job.roomId))
	for (const view of views)
		await db.transaction(async (tx) => {
			// The view's lock: a process of the same room at the same moment waits, then finds the request made.
			const [room] = await tx
				.select()
				.from(propertyStudioRooms)
				.where(eq(propertyStudioRooms.id, view.id))
				.for('update')
			if (!room) return
			const pending = await tx
				.select({
					id: propertyStudioVariations.id,
					roomId: propertyStudioVariations.roomId,
					generationNumber: propertyStudioVariations.generationNumber,
					replaces: propertyStudioVariations.replaces,
				})
				.from(propertyStudioVariations)
				.where(
					and(
						eq(propertyStudioVariations.roomId, room.id),
						eq(propertyStudioVariations.style, job.style),
						eq(propertyStudioVariations.status, 'pending'),
					),
				)
			// A generation's slots wait as one request; a replacement's slot as its own.
			const waiting = [
				...new Map(pending.map((slot) => jobOf(slot, job.style)).map((j) => [stagingKey(j), j])).values(),
			]
			const requested = new Set(
				(
					await tx
						.select({ key: stagingRenders.subjectKey })
						.from(stagingRenders)
						.where(inArray(stagingRenders.subjectKey, waiting.map(stagingKey).concat('')))
				).map((r) => r.key),
			)
			for (const generation of waiting.filter((g) => !requested.has(stagingKey(g)))) {
				const slots = await tx
					.select({ id: propertyStudioVariations.id })
					.from(propertyStudioVariations)
					.where(pendingSlotsOf(generation))
				await requestRender(tx, room, generation, slots.length)
			}
		})
}

export const NOTHING_TO_MATCH = 'Only a staged image of the first view of a room can be matched by its other views'
export const CANNOT_MATCH_VIEWS = (provider: string) =>
	`${provider} does not stage views of one room together yet: each view is staged on its own`

/**
 * "Restage the other views to match": after a remodel of a room's first view (or a change of
 * heart among its images), each of its views gets one more variation of that style, staged to
 * match the chosen image. A view that already has a variation matching it (made or on its way)
 * is left alone, so a second tap or a retried post asks for nothing twice. Answers the new
 * variations, none when every view already matches.
 */
export async function restageViews(actor: Actor, variationId: string) {
	return db.transaction(async (tx) => {
		const { variation: image, room: first, project } = await ownedVariation(tx, actor, variationId)
		assertOpen(project)
		// Only furnishing styles get past addsFurniture below: edits have no views to match.
		const style = image.style as StudioStyle
		if (image.status !== 'completed' || !image.imageUrl || !addsFurniture(style))
			throw new InputError({ variationId: [NOTHING_TO_MATCH] }, NOTHING_TO_MATCH)
		const provider = stagingProvider()
		if (!provider.stagesViewsTogether) {
			const message = CANNOT_MATCH_VIEWS(PROVIDER_LABELS[provider.name] ?? provider.name)
			throw new InputError({ variationId: [message] }, message)
		}
		assertCanRender([style])
		await countRemodel(actor)
		// The first view's lock serialises restages of its views: two taps find each other's rows.
		await ownedRoom(tx, actor, first.id, { forUpdate: true })
		const views = await tx
			.select()
			.from(propertyStudioRooms)
			.where(eq(propertyStudioRooms.sameRoomAs, first.id))
			.orderBy(asc(propertyStudioRooms.createdAt))
		if (!views.length) throw new InputError({ variationId: [NOTHING_TO_MATCH] }, NOTHING_TO_MATCH)
		const matched = new Set(
			(
				await tx
					.select({ roomId: propertyStudioVariations.roomId })
					.from(propertyStudioVariations)
					.where(and(eq(propertyStudioVariations.matchedTo, image.id), ne(propertyStudioVariations.status, 'failed')))
			).map((v) => v.roomId),
		)
		const queued = []
		for (const view of views.filter((v) => !matched.has(v.id))) {
			const variation = await queueOneMore(tx, view, style, {
				matchTo: { referenceKey: image.imageUrl, matchedTo: image.id },
			})
			queued.push(variationView(variation, view, NO_ORIGINALS))
		}
		return { success: true as const, variations: queued }
	})
}
