import type { listObjects } from '#core/edits/edit-room.ts'
import { type EditKind, isEditKind } from '#core/edits/edit.schema.ts'
import { distanceToOutline, insideOutline, type Outline, type Point } from '#core/edits/outline.ts'
import type { Stroke } from '#core/edits/selection.ts'
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

/** An open panel's data. */
export type OpenPanel = NonNullable<EditPanel>

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
 * How near (fractions of the photo) a click must land to a thing's outline to pick it when it falls
 * just outside: two label pixels, as the server's objectAt (core/edits/selection.ts), since a click
 * on a chair's thin leg lands as often beside it.
 */
export const NEAR_OUTLINE = 2 / 129

/**
 * The object a click at (x, y) (fractions of the photo) lands on, by the shapes drawn (`shapes`:
 * the refined outline where the page has it, else the label map's): the smallest shape holding the
 * point, so a lamp standing in front of a curtain is picked over the curtain; else the shape
 * nearest within NEAR_OUTLINE; null on the room.
 */
export function objectUnder(
	objects: readonly DetectedObject[],
	x: number,
	y: number,
	shapes: Readonly<Record<string, Outline>> = {},
) {
	const shapeOf = (o: DetectedObject) => shapes[o.id] ?? o.outline
	const holding = objects.filter((o) => insideOutline(shapeOf(o), x, y)).sort((a, b) => a.area - b.area)
	if (holding.length) return holding[0]
	let nearest: { object: DetectedObject; distance: number } | null = null
	for (const object of objects) {
		const distance = distanceToOutline(shapeOf(object), x, y)
		if (distance <= NEAR_OUTLINE && (!nearest || distance < nearest.distance)) nearest = { object, distance }
	}
	return nearest?.object ?? null
}

/** Where the panel fetches an object's outline along the photo's edges (on its first pick). */
export const outlineHref = (roomId: string, objectId: string) =>
	`/property-studio/rooms/${roomId}/outlines/${encodeURIComponent(objectId)}`

/** The form field carrying the brush strokes, as JSON (core/edits/edit.schema.ts StrokeSchema). */
export const STROKES_FIELD = 'strokes'

/** The schema's bounds (edit.schema.ts): at most 50 strokes of at most 2000 points each. */
export const MOST_STROKES = 50
const MOST_POINTS = 2000
/**
 * Points in all strokes together: a form's body is at most 256 kB (app/utils/body-limit.server.ts)
 * and a point takes about 22 bytes form-encoded, so 8000 leave room for the rest.
 */
export const MOST_DRAWN_POINTS = 8000

/** Brush radii offered, as fractions of the photo's longest side: from a chair leg to an armchair. */
export const BRUSH_SIZES = { min: 0.005, max: 0.06, step: 0.005, start: 0.02 }

/**
 * The stroke with the pointer's next point, or as it was when the point lies within a third of the
 * brush's radius of the last (`box`: the photo's size on screen): a pointer reports a point every
 * pixel or so, and the painted path is the same with far fewer, so a stroke stays under the
 * schema's 2000 points however long it is drawn.
 */
export function extendStroke(stroke: Stroke, [x, y]: Point, box: { width: number; height: number }): Stroke {
	const [lx, ly] = stroke.points[stroke.points.length - 1]
	const step = Math.hypot((x - lx) * box.width, (y - ly) * box.height)
	if (stroke.points.length >= MOST_POINTS || step < (stroke.radius * Math.max(box.width, box.height)) / 3) return stroke
	return { ...stroke, points: [...stroke.points, [x, y]] }
}

/** A point on the photo's box on screen, in fractions of it to a thousandth (a pixel of the working size). */
export function pointIn(box: DOMRect, clientX: number, clientY: number): Point {
	const fraction = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000
	return [fraction((clientX - box.left) / box.width), fraction((clientY - box.top) / box.height)]
}

/** The choice beside the swatches that takes the colour picked in the colour input. */
export const OTHER_COLOUR = 'other'
