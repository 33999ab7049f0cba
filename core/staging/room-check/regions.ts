/**
 * What the segmentation says of a staged answer against its photo, in the photo's frame: which
 * cells of the comparison grid the answer shows something placed in (staging may change those),
 * which of the photo's windows and doors the answer turned into wall, and what was added or taken
 * away ("Added: a sofa, a rug, two lamps").
 */
import type { Affine } from './align.ts'
import {
	BED,
	FLOOR,
	FREESTANDING,
	GROUP,
	KIND,
	LOOSE,
	OPENINGS,
	OUTDOORS,
	PLACED,
	RUG,
	WALL,
	WINDOW,
} from './classes.ts'
import type { Labels } from './segment.ts'

/** The aligned map's label where the answer's frame does not reach. */
const OUTSIDE = 255

interface Size {
	width: number
	height: number
}

/**
 * The answer's label map moved onto the photo's: for each pixel of the photo's map, the answer's
 * label at the same place of the room. `m` maps photo work pixels to staged work pixels (align.ts).
 */
export function alignLabels(photo: Labels, staged: Labels, m: Affine, work: Size, stagedWork: Size): Uint8Array {
	const n = photo.size
	const out = new Uint8Array(n * n)
	// label pixel i ↔ work pixel (i + 0.5)·W/n − 0.5, both maps stretched over their image.
	const [px, py] = [work.width / n, work.height / n]
	const [qx, qy] = [staged.size / stagedWork.width, staged.size / stagedWork.height]
	for (let j = 0, i = 0; j < n; j++) {
		const y = (j + 0.5) * py - 0.5
		for (let k = 0; k < n; k++, i++) {
			const x = (k + 0.5) * px - 0.5
			const u = Math.floor((m[0] * x + m[1] * y + m[2] + 0.5) * qx)
			const v = Math.floor((m[3] * x + m[4] * y + m[5] + 0.5) * qy)
			out[i] = u >= 0 && v >= 0 && u < staged.size && v < staged.size ? staged.data[v * staged.size + u] : OUTSIDE
		}
	}
	return out
}

/** One cell of the comparison grid as the segmentation sees it. */
export interface CellRegions {
	/** Share of the cell the answer shows something placed in (furniture, a rug, a lamp, art). */
	placedA: number
	/** Share of the cell the photo shows something standing free in (a bed, a sofa, a table: classes.ts FREESTANDING). */
	freeP: number
	/** Share of the cell that is a window or door in the photo. */
	openingP: number
	/** Share of those window and door pixels that the answer shows as wall. */
	walledUp: number
	/** Share of the cell that is a window in the photo. */
	windowP: number
	/** Share of those window pixels that the answer still shows as a window or what one looks out on. */
	windowKept: number
}

/** The comparison grid's cell (row by row, `cols` × `rows`) that pixel `i` of an n×n label map lies in. */
export function cellAt(i: number, n: number, cols: number, rows: number) {
	const [y, x] = [Math.floor(i / n), i % n]
	return Math.min(rows - 1, Math.floor((y * rows) / n)) * cols + Math.min(cols - 1, Math.floor((x * cols) / n))
}

/** The grid's cells (row by row, `cols` × `rows`) as the photo's and the aligned answer's maps see them. */
export function cellRegions(photo: Labels, aligned: Uint8Array, cols: number, rows: number): CellRegions[] {
	const n = photo.size
	const K = cols * rows
	const [count, freeP, placedA, opening, walled, window, kept] = Array.from({ length: 7 }, () => new Float64Array(K))
	for (let i = 0; i < aligned.length; i++) {
		const a = aligned[i]
		if (a === OUTSIDE) continue
		const k = cellAt(i, n, cols, rows)
		const p = photo.data[i]
		count[k]++
		if (FREESTANDING.has(p)) freeP[k]++
		if (GROUP[a] === 'placed') placedA[k]++
		if (OPENINGS.has(p)) {
			opening[k]++
			if (a === WALL) walled[k]++
		}
		if (p === WINDOW) {
			window[k]++
			if (a === WINDOW || OUTDOORS.has(a)) kept[k]++
		}
	}
	return Array.from({ length: K }, (_, k) => ({
		freeP: count[k] ? freeP[k] / count[k] : 0,
		placedA: count[k] ? placedA[k] / count[k] : 0,
		openingP: count[k] ? opening[k] / count[k] : 0,
		walledUp: opening[k] ? walled[k] / opening[k] : 0,
		windowP: count[k] ? window[k] / count[k] : 0,
		windowKept: window[k] ? kept[k] / window[k] : 0,
	}))
}

/** Things of one class, as many as there are. */
export interface Items {
	/** The class's name, e.g. 'lamp'. */
	name: string
	plural: string
	count: number
}

export interface Contents {
	added: Items[]
	removed: Items[]
}

/**
 * Thresholds for naming things. A thing added is a patch (8-neighbours) of placed classes in the
 * answer where the photo showed nothing placed, touching patches of kindred classes taken as one
 * and named by the class covering most of it (classes.ts KIND: the model reads one sofa partly as
 * armchair and seat); a thing removed likewise the other way round. It is named when it covers:
 *  - `least` of the map at least (a smaller patch is the model's noise along edges);
 *  - the room, or loose clutter a staging clears away, under at least `room` of it in the other
 *    image (not a region the model could not name there);
 *  - cells whose pixels changed under at least `changed` of it: the model labels the same
 *    unchanged chair differently under other light. A thing taken away changes every cell it
 *    covered (0.9); one added may be see-through or thin (a glass table, a lamp's stem) and leave
 *    some of the room behind it unchanged (0.5). In answers re-rendered whole, softer, the model
 *    reads nightstands and lamps still there as wall, over cells some of which barely changed.
 * A "bed" lying for at least `flat` of it over the other image's floor is flat on it, a rug: a real
 * bed rises in front of the wall behind it, and the model takes patterned carpets for beds. A bed
 * covers at least `bed` of any room photo it stands in; a smaller "bed" is a part of something
 * else (a nightstand's shadow, bedding seen anew). Only things that stand free (classes.ts
 * FREESTANDING) are said removed: the model takes a photo's doors and panelling for wardrobes and
 * its windows for curtains, and reads them as wall in the answer. Things stuck together (two lamps
 * touching) count once: the list says what is there, not an exact inventory.
 * Against what a person saw in 20 tuning pairs (contents-by-eye.json): 25 of the 30 things named
 * are there, against 24 of 42 with single-class patches over the room only, changed over half.
 */
export const ITEMS = { least: 0.004, room: 0.5, changed: { added: 0.5, removed: 0.9 }, flat: 0.9, bed: 0.015 }

/** The comparison grid's cells whose pixels changed, row by row: 1 changed, 0 not (or not compared). */
export interface ChangedCells {
	cols: number
	rows: number
	changed: Uint8Array
}

/** What the answer shows placed in the room that the photo did not, and what it took away. */
export function contents(photo: Labels, aligned: Uint8Array, cells: ChangedCells): Contents {
	const n = photo.size
	const inFrame = (i: number) => aligned[i] !== OUTSIDE
	const changed = (i: number) => cells.changed[cellAt(i, n, cells.cols, cells.rows)] === 1
	return {
		added: things(aligned, photo.data, n, inFrame, changed, 'added'),
		removed: things(photo.data, aligned, n, inFrame, changed, 'removed'),
	}
}

/** A patch of one class in `map`, and what `other` and the grid say under it (pixel counts). */
interface Patch {
	cls: number
	area: number
	moved: number
	room: number
	floor: number
}

/** Things placed in `map` (where `inFrame`) under which `other` shows nothing placed, where the pixels changed, largest first. */
function things(
	map: Uint8Array,
	other: Uint8Array,
	n: number,
	inFrame: (i: number) => boolean,
	changed: (i: number) => boolean,
	side: 'added' | 'removed',
): Items[] {
	// Where `map` shows something placed and `other` did not: a new armchair beside an old one is
	// its own thing, not a part of the old one.
	const fresh = (i: number) => GROUP[map[i]] === 'placed' && GROUP[other[i]] !== 'placed' && inFrame(i)
	const patchOf = new Int32Array(n * n).fill(-1)
	const patches: Patch[] = []
	const stack: number[] = []
	for (let start = 0; start < map.length; start++) {
		if (patchOf[start] >= 0 || !fresh(start)) continue
		const patch = { cls: map[start], area: 0, moved: 0, room: 0, floor: 0 }
		patchOf[start] = patches.length
		stack.push(start)
		while (stack.length) {
			const i = stack.pop()!
			patch.area++
			if (changed(i)) patch.moved++
			if (GROUP[other[i]] === 'room' || LOOSE.has(other[i])) patch.room++
			if (other[i] === FLOOR) patch.floor++
			for (const j of neighbours(i, n))
				if (patchOf[j] < 0 && map[j] === patch.cls && fresh(j)) {
					patchOf[j] = patches.length
					stack.push(j)
				}
		}
		if (patch.cls === BED && patch.floor >= ITEMS.flat * patch.area) patch.cls = RUG
		patches.push(patch)
	}
	// Touching patches of kindred classes are one thing (union–find over the patches).
	const root = patches.map((_, k) => k)
	const find = (k: number): number => (root[k] === k ? k : (root[k] = find(root[k])))
	for (let i = 0; i < patchOf.length; i++) {
		const a = patchOf[i]
		if (a < 0) continue
		for (const j of neighbours(i, n)) {
			const b = patchOf[j]
			if (b >= 0 && KIND[patches[a].cls] === KIND[patches[b].cls]) root[find(a)] = find(b)
		}
	}
	const thingsOf = new Map<number, Patch[]>()
	for (const [k, patch] of patches.entries()) {
		const parts = thingsOf.get(find(k))
		if (parts) parts.push(patch)
		else thingsOf.set(find(k), [patch])
	}
	const least = ITEMS.least * n * n
	const found = new Map<number, { count: number; area: number }>()
	for (const parts of thingsOf.values()) {
		const sum = (key: keyof Patch) => parts.reduce((total, part) => total + part[key], 0)
		const area = sum('area')
		if (area < least || sum('room') < ITEMS.room * area || sum('moved') < ITEMS.changed[side] * area) continue
		const cls = largestClass(parts)
		if (cls === BED && area < ITEMS.bed * n * n) continue
		if (side === 'removed' && !FREESTANDING.has(cls)) continue
		const entry = found.get(cls) ?? { count: 0, area: 0 }
		entry.count++
		entry.area += area
		found.set(cls, entry)
	}
	return [...found]
		.sort(([, a], [, b]) => b.area - a.area)
		.map(([cls, { count }]) => {
			const [name, plural] = PLACED[cls as keyof typeof PLACED]
			return { name, plural, count }
		})
}

/** The class covering most of a thing made of several patches. */
function largestClass(patches: Patch[]) {
	const areas = new Map<number, number>()
	for (const { cls, area } of patches) areas.set(cls, (areas.get(cls) ?? 0) + area)
	return [...areas].reduce((best, next) => (next[1] > best[1] ? next : best))[0]
}

/** The 8 neighbours of pixel `i` of an n×n map that lie inside it. */
function* neighbours(i: number, n: number) {
	const [y, x] = [Math.floor(i / n), i % n]
	for (let dy = -1; dy <= 1; dy++)
		for (let dx = -1; dx <= 1; dx++) {
			const [yy, xx] = [y + dy, x + dx]
			if ((dx || dy) && yy >= 0 && xx >= 0 && yy < n && xx < n) yield yy * n + xx
		}
}
