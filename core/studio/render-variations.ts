import { and, asc, count, eq } from 'drizzle-orm'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import type { StagingRender } from '#db/schema/staging.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { storage } from '#core/platform/storage.ts'
import { THUMBNAIL_SIZE } from '#core/render/rendition-sizes.ts'
import type { FittedImage } from '#core/staging/fit.ts'
import type { PurposeHandler } from '#core/staging/purpose.ts'
import { pendingSlotsOf, RenderJobSchema, slotsOf, type RenderJob } from './process-room.ts'
import { queueNaming } from './name-contents.ts'
import { renditionKey, storeRenditions } from './renditions.ts'
import { releaseViews } from './room-views.ts'

/**
 * Where a variation's image and its copies are stored: all under its folder, which deleting it
 * removes; and, until what it added is named (name-contents.ts), the vendor's own image.
 */
export function variationImageKeys(variationId: string) {
	const folder = `variations/${variationId}`
	return {
		folder,
		full: `${folder}/full.jpg`,
		thumbnail: renditionKey(folder, THUMBNAIL_SIZE),
		answer: `${folder}/answer`,
	}
}

/**
 * Fails the job's slots still pending and settles the room, in one transaction: whoever reads the
 * variations and then the room never sees the last slot failed and the room still processing.
 */
async function failPendingAndSettle(job: RenderJob, message: string) {
	await db.transaction(async (tx) => {
		await tx
			.update(propertyStudioVariations)
			.set({ status: 'failed', errorMessage: message })
			.where(pendingSlotsOf(job))
		await settleRoom(tx, job.roomId)
	})
}

/**
 * A room is done when none of its variations is pending (completed if any succeeded); the
 * project's completedRooms is recounted under the project's row lock, so jobs finishing
 * together cannot both write a stale count.
 */
async function settleRoom(tx: Tx, roomId: string) {
	const [room] = await tx.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.id, roomId))
	if (!room) return
	await tx
		.select({ id: propertyStudioProjects.id })
		.from(propertyStudioProjects)
		.where(eq(propertyStudioProjects.id, room.projectId))
		.for('update')
	const byStatus = await tx
		.select({ status: propertyStudioVariations.status, n: count() })
		.from(propertyStudioVariations)
		.where(eq(propertyStudioVariations.roomId, roomId))
		.groupBy(propertyStudioVariations.status)
	const n = (status: string) => byStatus.find((s) => s.status === status)?.n ?? 0
	if (n('pending') > 0) return
	await tx
		.update(propertyStudioRooms)
		.set({ status: n('completed') > 0 ? 'completed' : 'failed', completedAt: new Date() })
		.where(eq(propertyStudioRooms.id, roomId))
	const [{ done }] = await tx
		.select({ done: count() })
		.from(propertyStudioRooms)
		.where(and(eq(propertyStudioRooms.projectId, room.projectId), eq(propertyStudioRooms.status, 'completed')))
	await tx
		.update(propertyStudioProjects)
		.set({ completedRooms: done })
		.where(eq(propertyStudioProjects.id, room.projectId))
}

/**
 * Fills the job's pending slots in index order with those of `images` no slot of the job holds yet
 * (one handed over ahead, or before a crash, is known by its vendor image id), each stored as it
 * is ready, with who made it and its share of what the render cost. Slots already completed are
 * never written again.
 */
async function fillSlots(request: StagingRender, job: RenderJob, images: FittedImage[]) {
	const slots = await db
		.select()
		.from(propertyStudioVariations)
		.where(slotsOf(job))
		.orderBy(asc(propertyStudioVariations.variationIndex))
	const placed = new Set(slots.flatMap((slot) => (slot.status === 'completed' && slot.variationId) || []))
	const waiting = images.filter((image) => !image.providerImageId || !placed.has(image.providerImageId))
	const pending = slots.filter((slot) => slot.status === 'pending')
	const costEach =
		request.costUsdMicros === null
			? null
			: Math.round(request.costUsdMicros / Math.max(request.receivedCount, images.length, 1))
	for (const [i, slot] of pending.entries()) {
		const image = waiting[i]
		if (!image) break
		const keys = variationImageKeys(slot.id)
		await storage().put(keys.full, image.image, { contentType: 'image/jpeg' })
		await storeRenditions(keys.folder, image.renditions)
		if (image.answerToName)
			await storage().put(keys.answer, image.answerToName, { contentType: 'application/octet-stream' })
		await db.transaction(async (tx) => {
			const [filled] = await tx
				.update(propertyStudioVariations)
				.set({
					status: 'completed',
					imageUrl: keys.full,
					thumbnailUrl: keys.thumbnail,
					imageWidth: image.width,
					imageHeight: image.height,
					provider: request.provider,
					model: request.model,
					renderId: request.providerRenderId,
					variationId: image.providerImageId ?? null,
					costUsdMicros: costEach,
					errorMessage: null,
					roomCheck: image.check?.verdict ?? null,
					roomCheckNote: image.check?.note ?? null,
					roomCheckRegions: image.check?.regions ?? [],
					roomCheckResidualPx: image.check?.residualPx ?? null,
					roomCheckContents: image.check?.contents ?? null,
					stagingNote: request.note,
				})
				.where(and(eq(propertyStudioVariations.id, slot.id), eq(propertyStudioVariations.status, 'pending')))
				.returning({ id: propertyStudioVariations.id })
			if (filled && image.answerToName) await queueNaming(tx, filled.id, request.priority)
		})
	}
}

/**
 * Where the studio's staged images land: one generation of a room's style fills its pending slots
 * (fillSlots), the first image ahead of the rest when it is ready first, so a delivery repeated
 * after a crash is harmless.
 */
export const studioPurpose: PurposeHandler = {
	async deliverAhead(request: StagingRender, image: FittedImage) {
		await fillSlots(request, RenderJobSchema.parse(request.subject), [image])
	},
	async deliver(request: StagingRender, images: FittedImage[], unusable: string[]) {
		const job = RenderJobSchema.parse(request.subject)
		await fillSlots(request, job, images)
		await failPendingAndSettle(job, unusable[0] ?? 'The staging provider returned fewer images than were asked for')
		await releaseViews(job)
	},
	async fail(request, message) {
		const job = RenderJobSchema.parse(request.subject)
		await failPendingAndSettle(job, message)
		await releaseViews(job)
	},
}
