import type { listObjects } from '#core/edits/edit-room.ts'
import { type EditKind, isEditKind } from '#core/edits/edit.schema.ts'
import type { ImageSources } from '#core/studio/views.ts'
import { intentAction, stepHref } from './workflow-steps.ts'

/**
 * The gallery's edit panel (items removed, surfaces renovated) is opened by the address,
 * `?step=results&edit=remove&room=<id>`, so the page's loader lists what the photo shows and the
 * panel's checkbox form works without JavaScript. Browser-safe: the gallery imports it.
 */

/** The form field that says which of the two edits a post asks for. */
export const EDIT_FIELD = 'kind'

type Listed = Awaited<ReturnType<typeof listObjects>>
export type DetectedObject = Listed['objects'][number]
export type DetectedSurface = Listed['surfaces'][number]

/** What the loader gives the panel: the room's photo, its objects and surfaces, or why they could not be read. */
export type EditPanel = {
	kind: EditKind
	roomId: string
	roomName: string
	photo: ImageSources
	objects: DetectedObject[]
	surfaces: DetectedSurface[]
	unreadable: string | null
	/** what this server's provider cannot renovate, said once, when some surface is greyed out */
	notRenovatable: string | null
} | null

export const EDIT_TITLES: Record<EditKind, string> = { remove: 'Remove items', renovate: 'Renovate' }

/** The panel the address asks for, if any. */
export function editOpened(search: URLSearchParams) {
	const kind = search.get('edit')
	const roomId = search.get('room')
	return kind && isEditKind(kind) && roomId ? { kind, roomId } : null
}

/** Opens the panel of `kind` on a room's photo. */
export const editHref = (roomId: string, kind: EditKind) =>
	`${stepHref('results')}&${new URLSearchParams({ edit: kind, room: roomId })}`

/** Where the panel posts: the gallery's intent, with the panel's own address, so a refused plain form reopens it. */
export const editAction = (roomId: string, kind: EditKind) =>
	`${intentAction('results', 'edit-room')}&${new URLSearchParams({ edit: kind, room: roomId })}`

/**
 * The object a click at (x, y) (fractions of the photo) lands on, by the objects' boxes: the
 * smallest box holding the point, so a lamp standing in front of a sofa is picked over the sofa.
 * The boxes are what the page has; the server cuts each picked object out along its own edges
 * (GrabCut on the photo) when the edit is asked.
 */
export function objectUnder(objects: readonly DetectedObject[], x: number, y: number) {
	let best: DetectedObject | null = null
	for (const o of objects) {
		const { box } = o
		if (x < box.x || y < box.y || x > box.x + box.width || y > box.y + box.height) continue
		if (!best || box.width * box.height < best.box.width * best.box.height) best = o
	}
	return best
}

/** The choice beside the swatches that takes the colour picked in the colour input. */
export const OTHER_COLOUR = 'other'
