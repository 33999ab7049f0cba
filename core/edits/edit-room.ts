/**
 * Item removal and virtual renovation of a room's photo, from request to delivered image. An edit
 * is a variation of the room like a remodel ('remove' or 'renovate' its style, one image, counted as
 * a render within the property's price), queued with its scope: the things or surfaces asked, in
 * words, and the area as a mask at the photo's size. The vendor (or the local preview) makes it, and
 * its answer is checked against that scope on delivery (core/staging/fit.ts).
 */
import { createHash } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { stagingRenders } from '#db/schema/staging.ts'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { InputError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { stagingProvider } from '#core/platform/staging-provider.ts'
import { scopedEditRefusal, type StagingProvider } from '#core/render/provider.ts'
import { readBytes, storage } from '#core/platform/storage.ts'
import { labelsOf } from '#core/staging/room-check/segmenter.ts'
import type { Labels } from '#core/staging/room-check/segment.ts'
import { assertOpen, ownedRoom } from '#core/studio/access.ts'
import { countRemodel, queueOneMore } from '#core/studio/process-room.ts'
import { variationView } from '#core/studio/views.ts'
import { NO_ORIGINALS } from '#core/disclosure/originals-links.ts'
import { parseInput } from '#core/validate.ts'
import { EditRoomSchema, type EditKind, RENOVATED_SURFACES, type EditRoom } from './edit.schema.ts'
import { type DetectedObject, objectsIn, type SurfaceName, surfacesIn } from './objects.ts'
import { MaskTooLargeError } from './remove-locally.ts'
import type { RequestScope, VariationScope } from './scope-words.ts'
import { UnknownObjectError } from './selection.ts'
import { maskOnThread } from './threads.ts'

export const NO_PHOTO_LABELS = 'This photo could not be read to find what is in it'

/** The room's photo and its label map (the segmenter keeps the map of a room's photo, so a second look is free). */
export async function photoOf(room: { originalImageUrl: string }) {
	const photo = await readBytes(room.originalImageUrl)
	const labels = photo && (await labelsOf(photo, { photo: true, urgent: true }))
	if (!photo || !labels) throw new InputError({ roomId: [NO_PHOTO_LABELS] }, NO_PHOTO_LABELS)
	return { photo, labels }
}

/**
 * Why this server's provider does not make an edit, in one line, or null where it does: a removal,
 * or a renovation of `surfaces` (of any surface when none are named). Every door asks it to grey
 * the choice out beforehand, and editRoom to refuse it before anything is stored or sent.
 */
export function editRefusal(
	kind: EditKind,
	surfaces: readonly string[] = [],
	provider: Pick<StagingProvider, 'name' | 'edits'> = stagingProvider(),
) {
	const { remove, renovate } = provider.edits
	const renovates = new Set<string>(renovate)
	const makes =
		kind === 'remove' ? remove : surfaces.length ? surfaces.every((s) => renovates.has(s)) : renovates.size > 0
	return makes ? null : scopedEditRefusal(provider)
}

/** Each edit's refusal by this server's provider (null where it makes it): the links and buttons that open them. */
export const editRefusals = (): Record<EditKind, string | null> => ({
	remove: editRefusal('remove'),
	renovate: editRefusal('renovate'),
})

/**
 * GET /api/property-studio/rooms/{roomId}/objects: what the room's photo shows that can be removed
 * (largest first, with their boxes, for the studio's outlines and checkbox list, `rendo objects`)
 * and the surfaces that can be renovated, each with whether this server's provider renovates it;
 * what it does not make is said once, in `notRemovable` and `notRenovatable`.
 */
export async function listObjects(actor: Actor, roomId: string) {
	const { room } = await ownedRoom(db, actor, roomId, { need: 'read' })
	const { labels } = await photoOf(room)
	const notRemovable = editRefusal('remove')
	const surfaces = surfacesIn(labels).map(({ name, box, area }) => ({
		name,
		box,
		area,
		renovatable: !editRefusal('renovate', [name]),
	}))
	return {
		roomId: room.id,
		removable: !notRemovable,
		notRemovable,
		objects: objectsIn(labels).map(({ id, name, kind, box, outline, area }) => ({
			id,
			name,
			kind,
			box,
			outline,
			area,
		})),
		surfaces,
		notRenovatable: editRefusal(
			'renovate',
			surfaces.map((s) => s.name),
		),
	}
}

/**
 * POST /api/property-studio/rooms/{roomId}/edit: queues an item removal ({ remove: ids or names,
 * strokes? }) or a renovation ({ renovate: { walls: '#d8d2c4', floor: 'oak' } }) of the room's
 * photo as one more variation. What the provider does not make (a removal with Virtual Staging AI,
 * a floor with the local preview, a thing too large for it to paint out) is refused first, in one
 * line, with nothing stored. Posting the same edit again while it is on its way, or once it is
 * made, answers that variation: one request, one render.
 */
export async function editRoom(actor: Actor, roomId: string, input: unknown) {
	const edit = parseInput(EditRoomSchema, input)
	const { room: found, project } = await ownedRoom(db, actor, roomId)
	assertOpen(project)
	const kind = 'renovate' in edit ? 'renovate' : 'remove'
	const refused = editRefusal(kind, 'renovate' in edit ? RENOVATED_SURFACES.filter((s) => edit.renovate[s]) : [])
	if (refused) throw new InputError({ [kind]: [refused] }, refused)
	const local = stagingProvider().isPreview
	const { photo, labels } = await photoOf(found)
	const scope = 'renovate' in edit ? renovation(edit, labels) : removal(edit, labels)
	const mask = await maskOnThread({
		photo,
		labels,
		selection: scope.selection,
		surfaces: scope.request.surfaces.map((s) => s.name as SurfaceName),
		// Only a removal is painted out locally: a wall repaint has no size limit.
		local: local && scope.request.kind === 'remove',
	}).catch((error: unknown) => {
		if (error instanceof MaskTooLargeError || error instanceof UnknownObjectError)
			throw new InputError({ remove: [error.message] }, error.message)
		throw error
	})
	const maskKey = `rooms/${found.id}/edits/${createHash('sha1').update(mask).digest('hex')}.png`
	return db.transaction(async (tx) => {
		// The room lock serialises edits of a room, so a double post finds the first one's request.
		const { room } = await ownedRoom(tx, actor, roomId, { forUpdate: true })
		const [same] = await tx
			.select({ variation: propertyStudioVariations })
			.from(stagingRenders)
			.innerJoin(
				propertyStudioVariations,
				and(
					sql`${propertyStudioVariations.roomId}::text = ${stagingRenders.subject}->>'roomId'`,
					sql`${propertyStudioVariations.style} = ${stagingRenders.subject}->>'style'`,
					sql`${propertyStudioVariations.generationNumber} = (${stagingRenders.subject}->>'generationNumber')::int`,
				),
			)
			.where(
				and(
					eq(stagingRenders.purpose, 'studio'),
					sql`${stagingRenders.subject}->>'roomId' = ${room.id}`,
					eq(stagingRenders.scopeMaskKey, maskKey),
					sql`${stagingRenders.scope} = ${JSON.stringify(scope.request)}::jsonb`,
					inArray(propertyStudioVariations.status, ['pending', 'completed']),
				),
			)
			.limit(1)
		if (same) return { success: true as const, variation: variationView(same.variation, room, NO_ORIGINALS) }
		await countRemodel(actor)
		// Stored before the request that names it; named by its content, so a retry writes the same file.
		await storage().put(maskKey, mask, { contentType: 'image/png' })
		const variation = await queueOneMore(tx, room, scope.request.kind, {
			edit: { request: { words: scope.request, maskKey }, variation: scope.variation },
		})
		return { success: true as const, variation: variationView(variation, room, NO_ORIGINALS) }
	})
}

interface Built {
	request: RequestScope
	variation: VariationScope
	selection: { objects: string[]; strokes: Extract<EditRoom, { remove: unknown }>['strokes'] }
}

/** A removal's scope: each thing asked found among the photo's objects (by id, name or kind). */
function removal(edit: Extract<EditRoom, { remove: unknown }>, labels: Labels): Built {
	const objects = objectsIn(labels)
	const asked = [...new Set(edit.remove.flatMap((said) => find(said, objects)))]
	return {
		request: {
			kind: 'remove',
			objects: asked.map((o) => o.id),
			items: asked.map((o) => ({ name: o.name, box: o.box })),
			surfaces: [],
		},
		variation: { kind: 'remove', items: asked.map((o) => ({ name: o.kind, plural: o.plural })), surfaces: [] },
		selection: { objects: asked.map((o) => o.id), strokes: edit.strokes },
	}
}

/**
 * The objects a word names: an id ('chair-2'), a name ('chair 2', 'lamp'), a kind's plural for all
 * of them ('chairs'), or a kind the photo has one of ('sofa'). Anything else is refused with what
 * the photo has.
 */
function find(said: string, objects: DetectedObject[]): DetectedObject[] {
	const word = said.trim().toLowerCase().replace(/\s+/g, ' ')
	const exact = objects.find((o) => o.id === word || o.name === word)
	if (exact) return [exact]
	const all = objects.filter((o) => o.plural === word)
	if (all.length) return all
	const ofKind = objects.filter((o) => o.kind === word)
	if (ofKind.length === 1) return ofKind
	if (ofKind.length > 1) {
		const message = `There are ${ofKind.length} ${ofKind[0].plural} in this photo: say which (${ofKind.map((o) => o.name).join(', ')}), or '${ofKind[0].plural}' for all of them`
		throw new InputError({ remove: [message] }, message)
	}
	const { message } = new UnknownObjectError(word, objects)
	throw new InputError({ remove: [message] }, message)
}

/** A renovation's scope: each surface asked, which the photo must show. */
function renovation(edit: Extract<EditRoom, { renovate: unknown }>, labels: Labels): Built {
	const shown = new Set<string>(surfacesIn(labels).map((s) => s.name))
	const surfaces = RENOVATED_SURFACES.flatMap((name) => {
		const becomes = edit.renovate[name]
		if (!becomes) return []
		if (!shown.has(name)) {
			const message = `This photo shows no ${name} to renovate`
			throw new InputError({ renovate: [message] }, message)
		}
		return [{ name, becomes }]
	})
	return {
		request: { kind: 'renovate', objects: [], items: [], surfaces },
		variation: { kind: 'renovate', items: [], surfaces },
		// The area is the surfaces' own (their classes on the label map), added to the mask on the thread.
		selection: { objects: [], strokes: [] },
	}
}
