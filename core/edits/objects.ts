/**
 * What a photo holds that an agent can have removed or renovated, read from its label map
 * (core/staging/room-check/segment.ts: 129×129 classes over the photo stretched to a square):
 * the objects placed in the room (a chair, a bin, a lamp) and the room's surfaces (walls, floor,
 * ceiling, kitchen units, worktops). `rendo objects ROOM`, the studio's checkbox list and the bot's
 * buttons all list these, by these names.
 */
import { GROUP, PLACED } from '#core/staging/room-check/classes.ts'
import type { Labels } from '#core/staging/room-check/segment.ts'
import { type Outline, traceOutline } from './outline.ts'

/** A rectangle in fractions 0..1 of the photo's width and height. */
export interface Box {
	x: number
	y: number
	width: number
	height: number
}

export interface DetectedObject {
	/** Stable for a label map, and safe in a URL or a form value: 'chair-2'. */
	id: string
	/** What a person calls it: 'chair 2' where there are several chairs, 'sofa' where there is one. */
	name: string
	/** The class's own name, singular and plural ('chair', 'chairs'), for sentences. */
	kind: string
	plural: string
	/** The segmentation class (ADE20K index + 1). */
	label: number
	box: Box
	/**
	 * Its shape on the label map, in fractions of the photo: what the studio outlines and a click
	 * lands on. The edit's mask is this shape brought to the photo's edges (selection.ts).
	 */
	outline: Outline
	/** Share of the photo it covers. */
	area: number
	/** A label-map pixel (row by row) of each of its patches: each patch is its class's 8-connected pixels through it. */
	seeds: number[]
}

/**
 * A patch smaller than this share of the label map (≈ 33 of its 16 641 pixels, 0.2 % of the
 * photo: a 5×6-pixel patch, a bin seen across a room) is a speck: the model's label noise along
 * edges, and nothing an agent would pick from a list. Half the room check's least named thing
 * (regions.ts ITEMS), as the list offers what may go, not what surely came.
 */
export const LEAST_OBJECT = 0.002

/** The 8-connected pixels of `map` with the class of `seed`, as a 0/1 mask of the map's size. */
export function componentMask(map: Labels, seed: number): Uint8Array {
	const { size: n, data } = map
	const cls = data[seed]
	const mask = new Uint8Array(n * n)
	const stack = [seed]
	mask[seed] = 1
	while (stack.length) {
		const i = stack.pop()!
		const [y, x] = [Math.floor(i / n), i % n]
		for (let dy = -1; dy <= 1; dy++)
			for (let dx = -1; dx <= 1; dx++) {
				const [yy, xx] = [y + dy, x + dx]
				if (yy < 0 || xx < 0 || yy >= n || xx >= n) continue
				const j = yy * n + xx
				if (!mask[j] && data[j] === cls) {
					mask[j] = 1
					stack.push(j)
				}
			}
	}
	return mask
}

/**
 * How far (label pixels) an object's drawn outline may stray from its label-map pixels: half a
 * label pixel (3–8 px of the photo as shown), so the stair-steps go and a lamp keeps its shape in
 * a few dozen points.
 */
const LABEL_TOLERANCE = 0.5

/** Placed classes that lie under other things and are never a part of them: a rug. */
const UNDERLAY = new Set([29])

/**
 * A patch of one class whose edge touches a larger patch along at least this share of its edge
 * pixels is a part of that larger thing the model named otherwise: the model calls one end of a
 * green sofa an armchair and its seat a chair, and a cushion on it is removed with it. A third:
 * two armchairs side by side, or a table by a sofa, touch along less than that (on the corpus a
 * sofa's separately named parts share 40–80 % of their edge with it).
 */
export const PART_OF = 1 / 3

interface Patch {
	label: number
	seed: number
	pixels: number[]
}

/** The 8-connected patches of one placed class each, any size. */
function patches(labels: Labels): Patch[] {
	const seen = new Uint8Array(labels.data.length)
	const out: Patch[] = []
	for (let start = 0; start < labels.data.length; start++) {
		if (seen[start] || GROUP[labels.data[start]] !== 'placed') continue
		const mask = componentMask(labels, start)
		const pixels: number[] = []
		for (let i = 0; i < mask.length; i++)
			if (mask[i]) {
				seen[i] = 1
				pixels.push(i)
			}
		out.push({ label: labels.data[start], seed: start, pixels })
	}
	return out
}

/** Patches joined into things (PART_OF), each as its patches, the largest first. */
function things(labels: Labels): Patch[][] {
	const n = labels.size
	const list = patches(labels).sort((a, b) => a.pixels.length - b.pixels.length)
	const owner = new Int32Array(n * n).fill(-1)
	list.forEach((p, k) => {
		for (const i of p.pixels) owner[i] = k
	})
	const parent = list.map((_, k) => k)
	const root = (k: number): number => (parent[k] === k ? k : (parent[k] = root(parent[k])))
	const size = list.map((p) => p.pixels.length)
	// Smallest first, so a cushion joins the sofa before the sofa's own size is weighed.
	for (const [k, p] of list.entries()) {
		const contact = new Map<number, number>()
		let edge = 0
		for (const i of p.pixels) {
			const [y, x] = [Math.floor(i / n), i % n]
			const around = new Set<number>()
			for (const [dy, dx] of [
				[0, 1],
				[1, 0],
				[0, -1],
				[-1, 0],
			]) {
				const [yy, xx] = [y + dy, x + dx]
				if (yy < 0 || xx < 0 || yy >= n || xx >= n) continue
				const o = owner[yy * n + xx]
				if (o !== k) around.add(o)
			}
			if (around.size) edge++
			for (const o of around) if (o >= 0) contact.set(root(o), (contact.get(root(o)) ?? 0) + 1)
		}
		const [best, touching] = [...contact].sort((a, b) => b[1] - a[1])[0] ?? [-1, 0]
		if (best < 0 || UNDERLAY.has(p.label) || UNDERLAY.has(list[best].label)) continue
		if (size[best] > size[root(k)] && touching >= PART_OF * edge) {
			parent[root(k)] = best
			size[best] += size[k]
		}
	}
	const groups = new Map<number, Patch[]>()
	for (const k of list.keys()) groups.set(root(k), [...(groups.get(root(k)) ?? []), list[k]])
	return [...groups.values()].map((parts) => parts.sort((a, b) => b.pixels.length - a.pixels.length))
}

/**
 * The objects in a photo: patches of placed classes (classes.ts PLACED), a patch joined to the
 * larger one it is a part of (PART_OF) and named after the largest patch, covering at least
 * LEAST_OBJECT of the image; largest first. Several of a kind are numbered from left to right by
 * their centre ('chair 1' is the leftmost), so a name points at the same thing however the list is
 * sorted.
 */
export function objectsIn(labels: Labels): DetectedObject[] {
	const n = labels.size
	const found: Omit<DetectedObject, 'id' | 'name'>[] = []
	for (const parts of things(labels)) {
		let [area, x0, y0, x1, y1] = [0, n, n, -1, -1]
		for (const i of parts.flatMap((p) => p.pixels)) {
			area++
			const [y, x] = [Math.floor(i / n), i % n]
			x0 = Math.min(x0, x)
			y0 = Math.min(y0, y)
			x1 = Math.max(x1, x)
			y1 = Math.max(y1, y)
		}
		if (area < LEAST_OBJECT * n * n) continue
		const [kind, plural] = PLACED[parts[0].label as keyof typeof PLACED]
		const mask = new Uint8Array(n * n)
		for (const part of parts) for (const i of part.pixels) mask[i] = 1
		found.push({
			kind,
			plural,
			label: parts[0].label,
			box: { x: x0 / n, y: y0 / n, width: (x1 - x0 + 1) / n, height: (y1 - y0 + 1) / n },
			outline: traceOutline(mask, n, n, { tolerance: LABEL_TOLERANCE }),
			area: area / (n * n),
			seeds: parts.map((p) => p.seed).sort((a, b) => a - b),
		})
	}
	const named = new Map<number, string>()
	for (const kind of new Set(found.map((o) => o.kind))) {
		const alike = found.filter((o) => o.kind === kind)
		const centre = (o: (typeof found)[number]) => o.box.x + o.box.width / 2
		alike.sort((a, b) => centre(a) - centre(b) || a.seeds[0] - b.seeds[0])
		alike.forEach((o, i) => named.set(o.seeds[0], alike.length > 1 ? `${kind} ${i + 1}` : kind))
	}
	return found
		.sort((a, b) => b.area - a.area || a.seeds[0] - b.seeds[0])
		.map((o) => {
			const name = named.get(o.seeds[0])!
			return { ...o, id: name.replaceAll(' ', '-'), name }
		})
}

/** An object's pixels in its label map, 0/1. */
export function objectMask(labels: Labels, object: Pick<DetectedObject, 'seeds'>): Uint8Array {
	const mask = new Uint8Array(labels.data.length)
	for (const seed of object.seeds) {
		const part = componentMask(labels, seed)
		for (let i = 0; i < mask.length; i++) mask[i] |= part[i]
	}
	return mask
}

/**
 * The surfaces an agent can renovate, each the segmentation classes it is made of (classes.ts
 * ROOM): a kitchen unit is ADE20K's cabinet and its island, a worktop its counter and countertop.
 */
export const SURFACES = {
	walls: [1],
	floor: [4],
	ceiling: [6],
	'kitchen units': [11, 74],
	worktops: [46, 71],
} as const satisfies Record<string, readonly number[]>

export type SurfaceName = keyof typeof SURFACES

export const SURFACE_NAMES = Object.keys(SURFACES) as SurfaceName[]

/** A surface shows when it covers at least this share of the photo (1 %: less is a sliver of floor under a sofa). */
export const LEAST_SURFACE = 0.01

export interface Surface {
	name: SurfaceName
	/** Share of the photo it covers. */
	area: number
	box: Box
}

/** The label map's 0/1 mask of a surface's classes. */
export function surfaceMask(labels: Labels, name: SurfaceName): Uint8Array {
	const classes = new Set<number>(SURFACES[name])
	return labels.data.map((c) => (classes.has(c) ? 1 : 0))
}

/** The surfaces a photo shows (at least LEAST_SURFACE of it), in SURFACES' order. */
export function surfacesIn(labels: Labels): Surface[] {
	const n = labels.size
	return SURFACE_NAMES.flatMap((name) => {
		const mask = surfaceMask(labels, name)
		let [area, x0, y0, x1, y1] = [0, n, n, -1, -1]
		for (let i = 0; i < mask.length; i++) {
			if (!mask[i]) continue
			area++
			const [y, x] = [Math.floor(i / n), i % n]
			x0 = Math.min(x0, x)
			y0 = Math.min(y0, y)
			x1 = Math.max(x1, x)
			y1 = Math.max(y1, y)
		}
		if (area < LEAST_SURFACE * n * n) return []
		return [
			{
				name,
				area: area / (n * n),
				box: { x: x0 / n, y: y0 / n, width: (x1 - x0 + 1) / n, height: (y1 - y0 + 1) / n },
			},
		]
	})
}
