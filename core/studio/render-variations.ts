import { and, asc, count, eq } from 'drizzle-orm'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { RenderError, type RenderOutput } from '#core/render/renderer.ts'
import { db } from '#core/platform/db.ts'
import { renderer } from '#core/platform/renderer.ts'
import { readBytes, storage } from '#core/platform/storage.ts'
import type { RenderJob } from './process-room.ts'
import { VARIATIONS_PER_STYLE } from './studio.schema.ts'

export function variationImageKeys(variationId: string) {
	return { full: `variations/${variationId}/full.jpg`, thumbnail: `variations/${variationId}/thumbnail.jpg` }
}

/** The job's slots still waiting for an image. */
function pendingSlotsOf(job: RenderJob) {
	return and(
		eq(propertyStudioVariations.roomId, job.roomId),
		eq(propertyStudioVariations.style, job.style),
		eq(propertyStudioVariations.generationNumber, job.generationNumber),
		eq(propertyStudioVariations.status, 'pending'),
	)
}

async function failPending(job: RenderJob, message: string) {
	await db.update(propertyStudioVariations).set({ status: 'failed', errorMessage: message }).where(pendingSlotsOf(job))
}

/**
 * A room is done when none of its variations is pending (completed if any succeeded); the
 * project's completedRooms is recounted under the project's row lock, so jobs finishing
 * together cannot both write a stale count.
 */
export async function settleRoom(roomId: string) {
	await db.transaction(async (tx) => {
		const [room] = await tx.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.id, roomId))
		if (!room) return
		await tx.select({ id: propertyStudioProjects.id }).from(propertyStudioProjects).where(eq(propertyStudioProjects.id, room.projectId)).for('update')
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
		await tx.update(propertyStudioProjects).set({ completedRooms: done }).where(eq(propertyStudioProjects.id, room.projectId))
	})
}

/**
 * The render_variations job: renders the pending slots of one room, style and generation, the
 * first one (what the user sees first) before the rest, and stores them in index order.
 * Completed slots are never rendered again, so a retry continues where a crash stopped.
 * A provider's final answer, or the last attempt, marks what is left failed with its message.
 */
export async function renderVariations(job: RenderJob, attempt: { attempts: number; maxAttempts: number }) {
	const [room] = await db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.id, job.roomId))
	if (!room) return
	const pending = await db
		.select()
		.from(propertyStudioVariations)
		.where(pendingSlotsOf(job))
		.orderBy(asc(propertyStudioVariations.variationIndex))

	try {
		const image = pending.length ? await readBytes(room.originalImageUrl) : null
		if (pending.length && !image) throw new RenderError('The original photo is missing', false)
		let renderId = room.renderId ?? undefined
		type Slot = (typeof pending)[number]
		const render = (slot: Slot) =>
			renderer().render({
				image: image!,
				roomType: room.roomType,
				style: job.style,
				hasFurniture: room.hasFurniture,
				// Later generations (remodels) continue the sequence, so each one is a new take.
				variationIndex: (job.generationNumber - 1) * VARIATIONS_PER_STYLE + slot.variationIndex,
				renderId,
			})
		const store = async (slot: Slot, output: RenderOutput) => {
			const keys = variationImageKeys(slot.id)
			await storage().put(keys.full, output.image, { contentType: 'image/jpeg' })
			await storage().put(keys.thumbnail, output.thumbnail, { contentType: 'image/jpeg' })
			await db
				.update(propertyStudioVariations)
				.set({
					status: 'completed',
					imageUrl: keys.full,
					thumbnailUrl: keys.thumbnail,
					renderId: output.renderId ?? null,
					variationId: output.variationId ?? null,
					errorMessage: null,
				})
				.where(and(eq(propertyStudioVariations.id, slot.id), eq(propertyStudioVariations.status, 'pending')))
		}

		const [first, ...rest] = pending
		if (first) {
			// The first render alone: it may name the provider's render, which the others then reuse.
			const output = await render(first)
			if (output.renderId && !renderId) {
				renderId = output.renderId
				await db.update(propertyStudioRooms).set({ renderId }).where(eq(propertyStudioRooms.id, room.id))
			}
			// The others go to the renderer together, so it has work while images are being stored.
			const others = rest.map(render)
			for (const other of others) other.catch(() => {}) // each is awaited below, unless a store fails first
			await store(first, output)
			for (const [i, slot] of rest.entries()) await store(slot, await others[i])
		}
	} catch (error) {
		const final = (error instanceof RenderError && !error.retryable) || attempt.attempts >= attempt.maxAttempts
		if (!final) throw error
		await failPending(job, error instanceof Error ? error.message : String(error))
	}
	await settleRoom(job.roomId)
}
