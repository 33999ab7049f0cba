import { and, eq, isNull, max } from 'drizzle-orm'
import {
	propertyStudioRooms,
	propertyStudioVariations,
	type PropertyStudioRoom,
	type PropertyStudioVariation,
} from '#db/schema/studio.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { countHourlyUse } from '#core/accounts/rate-limit.ts'
import { InputError } from '#core/errors.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { BULK_PRIORITY, requestStaging } from '#core/staging/request.ts'
import { parseInput } from '#core/validate.ts'
import { assertOpen, ownedRoom } from './access.ts'
import { z } from 'zod'
import { stagingRenders } from '#db/schema/staging.ts'
import { isEditKind } from '#core/edits/edit.schema.ts'
import type { RequestScope, VariationScope } from '#core/edits/scope-words.ts'
import {
	EMPTY_ROOM,
	photoEditOf,
	ProcessRoomSchema,
	RENDER_STYLES,
	RemodelSchema,
	renderStyleOf,
	VARIATIONS_PER_STYLE,
	type RoomType,
	type StudioStyle,
} from './studio.schema.ts'
import { renderOptionsOf, unavailableReason } from './render-options.ts'
import { viewToMatch, type Reference } from './view-reference.ts'
import { assertViewsOfOneRoomType } from './view-room-types.ts'
import { variationView } from './views.ts'
import { NO_ORIGINALS } from '#core/disclosure/originals-links.ts'
import { SELECT_ROOM_TYPE } from '#core/preferences/preferences.schema.ts'

/** An item removal or renovation: its request's scope (words and mask) and its variations' (words). */
export interface EditRequest {
	request: { words: RequestScope; maskKey: string }
	variation: VariationScope
}

export const RenderJobSchema = z.object({
	roomId: z.string().uuid(),
	style: z.enum(RENDER_STYLES),
	generationNumber: z.number().int().positive(),
	/** The one slot a replacement renders into (the variation that replaces a set-aside image). */
	slotId: z.string().uuid().optional(),
})
export type RenderJob = z.infer<typeof RenderJobSchema>

/**
 * The job's slots: one generation of a room's style, or the one slot of a replacement. A
 * generation's own render never fills a replacement's slot, nor fails it.
 */
export function slotsOf(job: RenderJob) {
	return and(
		eq(propertyStudioVariations.roomId, job.roomId),
		eq(propertyStudioVariations.style, job.style),
		eq(propertyStudioVariations.generationNumber, job.generationNumber),
		job.slotId ? eq(propertyStudioVariations.id, job.slotId) : isNull(propertyStudioVariations.replaces),
	)
}

/** The job's slots still waiting for an image. */
export function pendingSlotsOf(job: RenderJob) {
	return and(slotsOf(job), eq(propertyStudioVariations.status, 'pending'))
}

export const stagingKey = (job: RenderJob) =>
	`studio:${job.roomId}:${job.style}:${job.generationNumber}${job.slotId ? `:${job.slotId}` : ''}`

/** The job of a pending slot: its generation's, or its own when it replaces a set-aside image. */
export const jobOf = (
	slot: Pick<PropertyStudioVariation, 'roomId' | 'generationNumber' | 'id' | 'replaces'>,
	style: RenderJob['style'],
): RenderJob => ({
	roomId: slot.roomId,
	style,
	generationNumber: slot.generationNumber,
	slotId: slot.replaces ? slot.id : undefined,
})

/**
 * Queues the render of one generation of a room's style: the slots are rows (unique per room,
 * style, generation and index) and the staging request is keyed the same way, so asking twice,
 * or a retry after a crash, never makes a second copy. A remodel continues the first
 * generation's vendor render (more variations of it, no second upload) where the vendor can.
 */
export async function queueGeneration(
	tx: Tx,
	job: RenderJob,
	count: number,
	opts: { bulk?: boolean; matchTo?: Reference; edit?: EditRequest } = {},
) {
	const slots = Array.from({ length: count }, (_, variationIndex) => ({
		roomId: job.roomId,
		style: job.style,
		generationNumber: job.generationNumber,
		variationIndex,
		matchedTo: opts.matchTo?.matchedTo,
		editScope: opts.edit?.variation,
	}))
	const inserted = await tx.insert(propertyStudioVariations).values(slots).onConflictDoNothing().returning()
	// Asked again for a generation whose render failed for good: its failed slots wait once more.
	const renewed = inserted.length
		? []
		: await tx
				.update(propertyStudioVariations)
				.set({ status: 'pending', errorMessage: null })
				.where(and(slotsOf(job), eq(propertyStudioVariations.status, 'failed')))
				.returning()
	const waiting = [...inserted, ...renewed]
	if (waiting.length) {
		const [room] = await tx.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.id, job.roomId))
		await requestRender(tx, room, job, waiting.length, { ...opts, renew: renewed.length > 0 })
	}
	return waiting
}

/**
 * The staging request of a generation's waiting slots, unless the room is a view waiting for its
 * first view's image in this style: then it is made when that image is ready (room-views.ts). A
 * view restaged to match a chosen image of its first view (`matchTo`) is requested at once.
 */
export async function requestRender(
	tx: Tx,
	room: PropertyStudioRoom,
	job: RenderJob,
	count: number,
	opts: { bulk?: boolean; renew?: boolean; matchTo?: Reference; edit?: EditRequest } = {},
) {
	const view = opts.matchTo ?? (await viewToMatch(tx, room, job.style))
	if (view === 'wait') return
	// The slots say which image they match, so the gallery can tell what is already matched.
	if (view && 'matchedTo' in view)
		await tx.update(propertyStudioVariations).set({ matchedTo: view.matchedTo }).where(pendingSlotsOf(job))
	await requestStaging(tx, {
		purpose: 'studio',
		subject: job,
		subjectKey: stagingKey(job),
		originalKey: room.originalImageUrl,
		roomType: room.roomType as RoomType,
		style: renderStyleOf(job.style),
		edit: photoEditOf(job.style),
		scope: opts.edit?.request,
		removeFurniture: !photoEditOf(job.style) && !opts.edit && (room.hasFurniture || job.style === EMPTY_ROOM),
		count,
		// Later generations (remodels) continue the sequence, so each one is a new take.
		firstIndex: (job.generationNumber - 1) * VARIATIONS_PER_STYLE,
		// A first generation is what the user waits for: it goes ahead of remodels, and a bulk
		// import's renders go after both, so one big CSV never holds up someone waiting.
		priority: opts.bulk ? BULK_PRIORITY : job.generationNumber === 1 ? 0 : 1,
		// A remodel or a replacement adds to the first generation's vendor render where it can; each
		// edit is a render of its own (its own scope).
		continuesKey:
			!opts.edit && (job.generationNumber > 1 || job.slotId)
				? stagingKey({ roomId: job.roomId, style: job.style, generationNumber: 1 })
				: undefined,
		renew: opts.renew,
		referenceKey: view && 'referenceKey' in view ? view.referenceKey : undefined,
		note: view && 'note' in view ? view.note : undefined,
	})
}

/**
 * Emptying a room and the photo edits need a provider that makes them (the local preview only
 * colour-grades): said before anything is queued.
 */
export function assertCanRender(styles: readonly StudioStyle[]) {
	const reason = unavailableReason(renderOptionsOf(), styles)
	if (reason) throw new InputError({ styles: [reason] }, reason)
}

/**
 * Records the room's chosen styles and queues one render job per style, in one transaction; `bulk`
 * (a client importing many properties) queues them behind interactive work, as an import does.
 */
export async function processRoom(actor: Actor, roomId: string, input: unknown) {
	const { styles, roomType, variationCount, hasFurniture, bulk } = parseInput(ProcessRoomSchema, input)
	assertCanRender(styles)
	return db.transaction(async (tx) => {
		const { room, project } = await ownedRoom(tx, actor, roomId, { forUpdate: true })
		assertOpen(project)
		// A photo whose type nobody gave and the photo did not suggest holds only a stand-in type:
		// every image needs a room type (spec 02, Workflow) before it is rendered.
		if (room.roomTypeBy === 'nobody' && !roomType)
			throw new InputError({ roomType: [SELECT_ROOM_TYPE] }, SELECT_ROOM_TYPE)
		await tx
			.update(propertyStudioRooms)
			.set({
				selectedStyles: [...new Set([...room.selectedStyles, ...styles])],
				roomType: roomType ?? room.roomType,
				hasFurniture: hasFurniture ?? room.hasFurniture,
				status: 'processing',
				completedAt: null,
			})
			.where(eq(propertyStudioRooms.id, roomId))
		if (roomType && roomType !== room.roomType) await assertViewsOfOneRoomType(tx, project.id)
		let queued = 0
		for (const style of styles)
			queued += (await queueGeneration(tx, { roomId, style, generationNumber: 1 }, variationCount, { bulk })).length
		return { success: true as const, roomId, queued }
	})
}

// Each remodel is a paid render: an agent clicking through a property does a few dozen an hour.
const REMODELS_PER_HOUR = 120

/** One more render asked for by hand (a remodel, views restaged to match one): counted per agent per hour. */
export async function countRemodel(actor: Actor) {
	if (actor.kind === 'user') await countHourlyUse(`remodel:${actor.userId}`, REMODELS_PER_HOUR, 'remodels')
}

/** One more variation of a style: the next generation number, queued like the first ones. */
export async function remodelRoom(actor: Actor, roomId: string, input: unknown) {
	const { style } = parseInput(RemodelSchema, input)
	assertCanRender([style])
	await countRemodel(actor)
	return db.transaction(async (tx) => {
		// The room lock serialises remodels, so two clicks get two different generation numbers.
		const { room, project } = await ownedRoom(tx, actor, roomId, { forUpdate: true })
		assertOpen(project)
		const variation = await queueOneMore(tx, room, style)
		return { success: true as const, variation: variationView(variation, room, NO_ORIGINALS) }
	})
}

/**
 * One more variation of a room's style, as the next generation (a remodel, or a view restaged to
 * match an image). The caller holds the room's row lock.
 */
export async function queueOneMore(
	tx: Tx,
	room: PropertyStudioRoom,
	style: RenderJob['style'],
	opts: { matchTo?: Reference; edit?: EditRequest } = {},
) {
	const [{ latest }] = await tx
		.select({ latest: max(propertyStudioVariations.generationNumber) })
		.from(propertyStudioVariations)
		.where(and(eq(propertyStudioVariations.roomId, room.id), eq(propertyStudioVariations.style, style)))
	const [variation] = await queueGeneration(
		tx,
		{ roomId: room.id, style, generationNumber: (latest ?? 0) + 1 },
		1,
		opts,
	)
	await awaitRender(tx, room, style)
	return variation
}

/**
 * The free replacement of an image the agent set aside (its room check not accepted), rendered into
 * its slot: the same generation and position, so it stands where the image stood and the style's
 * count does not change. Its request is its own, keyed by the new slot, and matches what the
 * set-aside image matched. The caller holds the room's row lock and has set the image aside in the
 * same transaction (the slot is free only then: property_studio_variations_slot_unique).
 */
export async function queueReplacement(tx: Tx, room: PropertyStudioRoom, setAside: PropertyStudioVariation) {
	const style = setAside.style as RenderJob['style']
	const [slot] = await tx
		.insert(propertyStudioVariations)
		.values({
			roomId: room.id,
			style,
			generationNumber: setAside.generationNumber,
			variationIndex: setAside.variationIndex,
			matchedTo: setAside.matchedTo,
			editScope: setAside.editScope,
			replaces: setAside.id,
		})
		.returning()
	const [matched] = setAside.matchedTo
		? await tx
				.select({ imageUrl: propertyStudioVariations.imageUrl })
				.from(propertyStudioVariations)
				.where(eq(propertyStudioVariations.id, setAside.matchedTo))
		: []
	await requestRender(tx, room, jobOf(slot, style), 1, {
		matchTo: matched?.imageUrl ? { referenceKey: matched.imageUrl, matchedTo: setAside.matchedTo! } : undefined,
		edit: await editOf(tx, setAside, style),
	})
	await awaitRender(tx, room, style)
	return slot
}

/**
 * An item removal's or renovation's scope, as a replacement asks for it again: the set-aside
 * image's own request's words and mask.
 */
async function editOf(tx: Tx, setAside: PropertyStudioVariation, style: RenderJob['style']) {
	if (!isEditKind(style)) return undefined
	const [asked] = await tx
		.select({ words: stagingRenders.scope, maskKey: stagingRenders.scopeMaskKey })
		.from(stagingRenders)
		.where(eq(stagingRenders.subjectKey, stagingKey(jobOf(setAside, style))))
	if (!asked?.words || !asked.maskKey || !setAside.editScope) return undefined
	return { request: { words: asked.words, maskKey: asked.maskKey }, variation: setAside.editScope }
}

/** The room waits for a render of the style again. */
async function awaitRender(tx: Tx, room: PropertyStudioRoom, style: RenderJob['style']) {
	await tx
		.update(propertyStudioRooms)
		.set({ selectedStyles: [...new Set([...room.selectedStyles, style])], status: 'processing', completedAt: null })
		.where(eq(propertyStudioRooms.id, room.id))
}
