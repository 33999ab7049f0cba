/**
 * What the segmentation says of a staged answer against its photo, in the photo's frame: which
 * cells of the comparison grid the answer shows something placed in (staging may change those),
 * which of the photo's windows and doors the answer turned into wall, and what was added or taken
 * away ("Added: a sofa, a rug, two lamps").
 */
import type { Affine } from './align.ts'
import { FREESTANDING, GROUP, OPENINGS, PLACED, WALL } from './classes.ts'
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
	const [count, freeP, placedA, opening, walled] = Array.from({ length: 5 }, () => new Float64Array(K))
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
	}
	return Array.from({ length: K }, (_, k) => ({
		freeP: count[k] ? freeP[k] / count[k] : 0,
		placedA: count[k] ? placedA[k] / count[k] : 0,
		openingP: count[k] ? opening[k] / count[k] : 0,
		walledUp: opening[k] ? walled[k] / opening[k] : 0,
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
 * Thresholds for naming things. A thing added is a connected patch (8-neighbours) of one placed
 * class in the answer where the photo showed nothing placed, covering at least `least` of the map,
 * at least `room` of it the room in the photo (wall, floor…: not a region the model could not
 * name), and at least `changed` of it in cells whose pixels changed (the model labels the same
 * unchanged chair differently under other light); a thing removed likewise the other way round.
 * Things stuck together (two lamps touching) count once: the list says what is there, not an exact
 * inventory. Against what a person saw in 23 real stagings: 25 of the 44 things named are there
 * (patches of a whole placed region, the photo's share of placed things under it < 30 %: 21 of 35,
 * which missed a new armchair beside an old one; one patch per thing, its classes merged: 10 of 16).
 */
export const ITEMS = { least: 0.004, room: 0.5, changed: 0.5 }

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
		added: things(aligned, photo.data, n, inFrame, changed),
		removed: things(photo.data, aligned, n, inFrame, changed),
	}
}

/** Patches of placed classes in `map` (where `inFrame`) under which `other` shows nothing placed, where the pixels changed. */
function things(
	map: Uint8Array,
	other: Uint8Array,
	n: number,
	inFrame: (i: number) => boolean,
	changed: (i: number) => boolean,
): Items[] {
	const least = ITEMS.least * n * n
	// Where `map` shows something placed and `other` did not: a new armchair beside an old one is
	// its own patch, not a part of the old one.
	const fresh = (i: number) => GROUP[map[i]] === 'placed' && GROUP[other[i]] !== 'placed' && inFrame(i)
	const seen = new Uint8Array(n * n)
	const found = new Map<number, { count: number; area: number }>()
	const stack: number[] = []
	for (let start = 0; start < map.length; start++) {
		const cls = map[start]
		if (seen[start] || !fresh(start)) continue
		let area = 0
		let moved = 0
		let room = 0
		seen[start] = 1
		stack.push(start)
		while (stack.length) {
			const i = stack.pop()!
			area++
			if (changed(i)) moved++
			if (GROUP[other[i]] === 'room') room++
			const [y, x] = [Math.floor(i / n), i % n]
			for (let dy = -1; dy <= 1; dy++)
				for (let dx = -1; dx <= 1; dx++) {
					const [yy, xx] = [y + dy, x + dx]
					if (yy < 0 || xx < 0 || yy >= n || xx >= n) continue
					const j = yy * n + xx
					if (!seen[j] && map[j] === cls && fresh(j)) {
						seen[j] = 1
						stack.push(j)
					}
				}
		}
		if (area < least || room < ITEMS.room * area || moved < ITEMS.changed * area) continue
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
