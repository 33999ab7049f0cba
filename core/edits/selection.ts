/**
 * What the agent selected for removal: objects picked by clicking them (or ticking them in the
 * list, objects.ts), and brush strokes that add or erase pixels, made into one Mask at the
 * working size (mask.ts EDIT_SIZE). A Selection is plain data (ids and points in fractions of the
 * photo), so a form, the CLI and the bot can carry it and the mask is always made again the same.
 */
import type { OpenCv } from '#core/staging/room-check/opencv.ts'
import type { Labels } from '#core/staging/room-check/segment.ts'
import { labelMaskAt, type Mask } from './mask.ts'
import { type DetectedObject, objectMask, objectsIn } from './objects.ts'
import { type Outline, traceOutline } from './outline.ts'
import { type Rgb, refineToEdges } from './refine-mask.ts'

export interface Stroke {
	/** The brush's path, each point (x, y) in fractions 0..1 of the photo's width and height. */
	points: [number, number][]
	/** The brush's radius as a fraction of the photo's longest side. */
	radius: number
	/** Erase (take pixels out of the selection) rather than paint them in. */
	erase?: boolean
}

export interface Selection {
	/** Ids of objectsIn's objects, in the order picked. */
	objects: string[]
	/** Applied in order, after the objects. */
	strokes: Stroke[]
}

export const EMPTY_SELECTION: Selection = { objects: [], strokes: [] }

/**
 * How near a click must land to an object to pick it when it falls just outside (label pixels):
 * a click on a chair's thin leg or edge lands on the floor's label as often as on the chair's.
 */
const NEAR = 2

/** The object under (x, y) (fractions of the photo), or the nearest within NEAR label pixels; null on the room. */
export function objectAt(labels: Labels, objects: DetectedObject[], x: number, y: number): DetectedObject | null {
	const n = labels.size
	const [col, row] = [Math.floor(x * n), Math.floor(y * n)]
	let best: { object: DetectedObject; distance: number } | null = null
	for (const object of objects) {
		const mask = objectMask(labels, object)
		for (let dy = -NEAR; dy <= NEAR; dy++)
			for (let dx = -NEAR; dx <= NEAR; dx++) {
				const [r, c] = [row + dy, col + dx]
				if (r < 0 || c < 0 || r >= n || c >= n || !mask[r * n + c]) continue
				const distance = Math.hypot(dx, dy)
				if (distance <= NEAR && (!best || distance < best.distance)) best = { object, distance }
			}
	}
	return best?.object ?? null
}

/** The selection with the object under (x, y) added, or dropped when it was in; unchanged on the room. */
export function toggleAt(selection: Selection, labels: Labels, x: number, y: number): Selection {
	const object = objectAt(labels, objectsIn(labels), x, y)
	if (!object) return selection
	const objects = selection.objects.includes(object.id)
		? selection.objects.filter((id) => id !== object.id)
		: [...selection.objects, object.id]
	return { ...selection, objects }
}

/** Sets (255) or clears (0) the pixels within `radius` of the stroke's path, in place. */
export function drawStroke(mask: Mask, stroke: Stroke) {
	const { width, height, data } = mask
	const r = Math.max(0.5, stroke.radius * Math.max(width, height))
	const value = stroke.erase ? 0 : 255
	const points = stroke.points.map(([x, y]) => [x * width - 0.5, y * height - 0.5])
	// A single click of the brush is a dot: the path from the point to itself.
	const segments = points.length === 1 ? [[points[0], points[0]]] : points.slice(1).map((p, i) => [points[i], p])
	for (const [[ax, ay], [bx, by]] of segments) {
		const [dx, dy] = [bx - ax, by - ay]
		const length2 = dx * dx + dy * dy
		const [x0, x1] = [
			Math.max(0, Math.floor(Math.min(ax, bx) - r)),
			Math.min(width - 1, Math.ceil(Math.max(ax, bx) + r)),
		]
		const [y0, y1] = [
			Math.max(0, Math.floor(Math.min(ay, by) - r)),
			Math.min(height - 1, Math.ceil(Math.max(ay, by) + r)),
		]
		for (let y = y0; y <= y1; y++)
			for (let x = x0; x <= x1; x++) {
				const t = length2 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length2)) : 0
				if (Math.hypot(x - ax - t * dx, y - ay - t * dy) <= r) data[y * width + x] = value
			}
	}
}

/**
 * The selection's mask at the size of `image` (the photo at the working size, mask.ts editSize):
 * each picked object's segment refined along the image's edges (refine-mask.ts), then the strokes
 * in order. Ids the photo's objects do not have are refused, so a stale form says so.
 */
export function selectionMask(cv: OpenCv, image: Rgb, labels: Labels, selection: Selection): Mask {
	const objects = objectsIn(labels)
	const mask: Mask = { width: image.width, height: image.height, data: new Uint8Array(image.width * image.height) }
	for (const id of selection.objects) {
		const object = objects.find((o) => o.id === id)
		if (!object) throw new UnknownObjectError(id, objects)
		const seed = labelMaskAt(objectMask(labels, object), labels.size, image)
		const refined = refineToEdges(cv, image, seed, labels.size)
		for (let i = 0; i < mask.data.length; i++) mask.data[i] |= refined.data[i]
	}
	for (const stroke of selection.strokes) drawStroke(mask, stroke)
	return mask
}

/**
 * The outline the studio draws around a picked object once it has it: the object's own edit mask
 * (selectionMask, GrabCut along the photo's edges) traced at the working size, to within
 * a pixel and a half, without specks under a 10×10 patch. Asked one object at a time on its first
 * click, because refining them all as the list is made would cost too much: GrabCut took 70–370 ms
 * per object at the working size of the corpus's 683 × 475 photos (pair 36: 11 objects, 2.2 s in
 * all; pair 69: 8, 1.1 s), and tracing the mask 5–20 ms more.
 */
export function refinedOutline(cv: OpenCv, image: Rgb, labels: Labels, id: string): Outline {
	const { data, width, height } = selectionMask(cv, image, labels, { objects: [id], strokes: [] })
	return traceOutline(data, width, height, { tolerance: 1.5, least: 100 })
}

/** A selection names an object the photo does not have: "There is no 'chair 3' in this photo (it has: sofa, chair 1, chair 2)". */
export class UnknownObjectError extends Error {
	constructor(id: string, objects: DetectedObject[]) {
		const names = objects.map((o) => o.name).join(', ')
		super(
			`There is no '${id.replaceAll('-', ' ')}' in this photo (${names ? `it has: ${names}` : 'no objects were found in it'})`,
		)
	}
}
