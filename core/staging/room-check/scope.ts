/**
 * The scope check: an edit's answer (an item removal, a renovation) checked against what was
 * asked. It runs the room check's alignment and cell comparison (check.ts analyse: the answer lined
 * up with the photo, each cell of the grid changed or not, the answer's label map moved onto the
 * photo's), then reads them against the scope, on the photo's 129×129 label map:
 * - the scope's pixels: the objects asked removed (core/edits/objects.ts) and the mask's, or the
 *   surfaces asked renovated (their classes); allowed: those grown by SCOPE.margin label pixels
 *   (the segmentation's outlines are off by about one; a vendor softens an edge);
 * - outside: a group of SCOPE.cells or more 8-connected cells whose pixels changed and that have
 *   no allowed pixel is a change outside the area asked, named by what the photo shows there most
 *   ("The floor changed outside the area asked"); an object of the photo not asked removed that
 *   the answer shows as room (at least half of it, in changed cells) went too ("Also removed,
 *   though not asked: a sofa");
 * - inside, removal: an object asked removed is still there where the answer shows it as the photo
 *   did (half of it or more the same classes) or left it unchanged (under half of it in changed
 *   cells); what shows now may be the room or what stood behind it (a lamp before a curtain
 *   leaves curtain, which is placed too) ("The armchair is still
 *   there");
 * - inside, renovation: the walls' colour, the median CIE Lab of the answer's pixels that both
 *   label maps call wall (an edge pixel in from their outline), within ΔE 10 (CIE76) of the colour
 *   asked ("The walls are not the colour asked"); a material (oak, tiles) cannot be verified from
 *   pixels, so a surface given one must only have changed (at least half of its cells).
 * Said as a person would, with the room check's list-making (sentences.ts): "Removed: a bin and
 * two chairs; nothing else changed".
 */
import { deltaE, type Lab, parseHex, rgbToLab } from '#core/edits/colour.ts'
import type { Mask } from '#core/edits/mask.ts'
import {
	type DetectedObject,
	objectMask,
	objectsIn,
	SURFACES,
	type SurfaceName,
	surfaceMask,
} from '#core/edits/objects.ts'
import { sharp } from '#core/platform/sharp.ts'
import { SHARP_INPUT_OPTIONS } from '#core/render/jpeg.ts'
import { analyse } from './check.ts'
import { GROUP, ROOM } from './classes.ts'
import { rgb, scaled } from './decode.ts'
import { cellAt } from './regions.ts'
import type { Labels } from './segment.ts'
import { type Cell, T } from './rules.ts'
import { listItems } from './sentences.ts'

export type Scope =
	| {
			kind: 'remove'
			/** Ids of the photo's objects (objects.ts objectsIn). */
			objects?: string[]
			/** The selection's mask (mask.ts: the working size, 255 where the edit goes). */
			mask?: Mask
	  }
	| {
			kind: 'renovate'
			/** Each surface asked and what it becomes: walls a hex colour ('#d8d2c4'); the others a material's name. */
			surfaces: Partial<Record<SurfaceName, string>>
	  }

export interface ScopeCheck {
	verdict: 'ok' | 'out-of-scope'
	/** What a person is told, the headline first: "Removed: a bin and two chairs; nothing else changed". */
	sentences: string[]
}

/**
 * How the scope is read. `margin`: label pixels the scope is grown by (2: an outline's error and a
 * vendor's soft edge). `cells`: changed cells outside it that make a change (2: one cell on its
 * own is JPEG noise or a shadow's edge). `kept`: share of a removed object's pixels that must read
 * as room. `changed`: share of a renovated surface's cells that must have changed. `colour`: ΔE
 * (CIE76) from the colour asked for the walls' median. `wallPixels`: fewest wall pixels the colour
 * is measured on. `sameZncc`: correlation of a cell's lightness at and above which, its colour and
 * texture kept, it is unchanged whatever its edges say (sameToTheEye).
 */
export const SCOPE = { margin: 3, cells: 3, kept: 0.5, changed: 0.5, colour: 10, wallPixels: 50, sameZncc: 0.9 }

/**
 * Checks `answer` against `photo` and the `scope` asked. `labels`: both images' label maps
 * (segmenter.ts labelsOf). Runs where OpenCV may load (a worker thread, opencv.ts).
 */
export async function checkScope(
	photo: Buffer,
	answer: Buffer,
	scope: Scope,
	labels: { photo: Labels; answer: Labels },
): Promise<ScopeCheck> {
	const map = labels.photo
	const n = map.size
	const objects = objectsIn(map)
	const asked = scope.kind === 'remove' ? objectsAsked(map, objects, scope) : []
	const region = scopeRegion(map, scope, asked)
	const allowed = grow(region, n, SCOPE.margin)
	const result = await analyse(photo, answer, {
		output: false,
		labels: { photo: map, staged: labels.answer },
		asked: allowed,
	})
	if ('failed' in result) return { verdict: 'out-of-scope', sentences: [result.failed] }
	if (!result.transform || !result.aligned)
		return {
			verdict: 'out-of-scope',
			sentences: [result.check.note ?? 'The edited image does not line up with the photo'],
		}
	const { aligned, cells, grid } = result

	const changed = new Uint8Array(grid.cols * grid.rows)
	for (const c of cells) if (c.moved && !stillFlat(c) && !sameToTheEye(c)) changed[c.row * grid.cols + c.col] = 1
	const touchesScope = new Uint8Array(grid.cols * grid.rows)
	for (let i = 0; i < allowed.length; i++) if (allowed[i]) touchesScope[cellAt(i, n, grid.cols, grid.rows)] = 1
	const cellOf = (i: number) => cellAt(i, n, grid.cols, grid.rows)
	const readsAsRoom = (mask: Uint8Array) => {
		let [all, room, same, moved] = [0, 0, 0, 0]
		for (let i = 0; i < mask.length; i++) {
			if (!mask[i] || aligned[i] === OUTSIDE) continue
			all++
			if (GROUP[aligned[i]] === 'room') room++
			if (aligned[i] === map.data[i]) same++
			if (changed[cellOf(i)]) moved++
		}
		const share = (k: number) => (all ? k / all : 0)
		return { room: share(room), same: share(same), moved: share(moved) }
	}

	const problems: string[] = []
	// Inside: what was asked was done.
	if (scope.kind === 'remove') {
		const left = asked.filter((o) => {
			const seen = readsAsRoom(objectMask(map, o))
			return seen.same >= SCOPE.kept || seen.moved < SCOPE.kept
		})
		if (left.length) problems.push(stillThere(left))
	} else {
		for (const [surface, wanted] of Object.entries(scope.surfaces) as [SurfaceName, string][]) {
			if (surface === 'walls') {
				const colour = await wallColour(answer, result.transform, photo, map, aligned)
				const target = parseHex(wanted)
				if (!colour || !target || deltaE(colour, rgbToLab(...target)) > SCOPE.colour)
					problems.push('The walls are not the colour asked')
			} else if (readsAsRoom(surfaceMask(map, surface)).moved < SCOPE.changed)
				problems.push(`The ${surface} ${surface === 'floor' || surface === 'ceiling' ? 'looks' : 'look'} unchanged`)
		}
	}
	// Outside: nothing else changed, and the furniture is kept.
	const outside = changedGroups(changed, touchesScope, grid)
	for (const group of outside.sort((a, b) => b.length - a.length))
		problems.push(`${capital(whatIsThere(map, group, grid, objects))} changed outside the area asked`)
	const alsoGone = objects.filter((o) => {
		if (asked.includes(o)) return false
		const mask = objectMask(map, o)
		if (mask.some((v, i) => v && allowed[i])) return false
		const seen = readsAsRoom(mask)
		return seen.room >= SCOPE.kept && seen.moved >= SCOPE.kept
	})
	if (alsoGone.length) problems.push(`Also removed, though not asked: ${listItems(counted(alsoGone))}`)

	if (problems.length) return { verdict: 'out-of-scope', sentences: [...new Set(problems)] }
	return { verdict: 'ok', sentences: [`${done(scope, asked)}; nothing else changed`] }
}

/**
 * A cell flat in both images (lightness spread too small to correlate: a dark sofa's shadow, a
 * blank wall), its texture and colour the same (ΔE under the room check's shade threshold): the
 * pixels alone call it 'new', as nothing shows it is the same, but nothing changed there.
 */
const stillFlat = (c: Cell) => Number.isNaN(c.zncc) && Math.abs(c.ga - c.gp) < 1.5 && c.dE < T.shade

/**
 * A textured cell whose lightness still correlates almost perfectly (SCOPE.sameZncc), its colour and
 * texture's strength the same: the pixel stage calls it new where its edges moved (a fine carpet
 * resampled: Canny's edges on the photo shrunk by area and on the answer warped by interpolation
 * differ by half their pixels), but it is the same to the eye. Measured: the photo checked against
 * itself left 12 of pair 61's carpet cells (ZNCC ≥ 0.975) and 21 of pair 25's floor cells (ZNCC
 * 0.89–0.95, the answer's gradient up to 1.4× the photo's) 'new' at ΔE ≤ 0.4, each read as "The
 * floor changed outside the area asked", as did the OpenAI model's honest removal of a chair in both.
 * Something removed or a surface regraded moves the correlation or the colour far more (the
 * vendor models' stray answers are still all caught).
 */
const sameToTheEye = (c: Cell) =>
	c.zncc >= SCOPE.sameZncc && c.dE < T.shade && Math.abs(c.ga - c.gp) <= T.texture * Math.max(c.ga, c.gp)

/** The aligned map's label where the answer's frame does not reach (regions.ts). */
const OUTSIDE = 255

/** The objects a removal asked for: by id, and those at least half under its mask. */
function objectsAsked(map: Labels, objects: DetectedObject[], scope: Extract<Scope, { kind: 'remove' }>) {
	const byId = objects.filter((o) => scope.objects?.includes(o.id))
	if (!scope.mask) return byId
	const marked = maskOnMap(scope.mask, map.size)
	const covered = objects.filter((o) => {
		const mask = objectMask(map, o)
		let [all, under] = [0, 0]
		for (let i = 0; i < mask.length; i++)
			if (mask[i]) {
				all++
				if (marked[i]) under++
			}
		return under >= 0.5 * all
	})
	return [...new Set([...byId, ...covered])]
}

/** The scope's pixels on the label map: the objects' and the mask's, or the surfaces'. */
function scopeRegion(map: Labels, scope: Scope, asked: DetectedObject[]) {
	const region = new Uint8Array(map.size * map.size)
	const add = (mask: Uint8Array) => {
		for (let i = 0; i < mask.length; i++) region[i] |= mask[i] ? 1 : 0
	}
	if (scope.kind === 'remove') {
		for (const o of asked) add(objectMask(map, o))
		if (scope.mask) add(maskOnMap(scope.mask, map.size))
	} else for (const surface of Object.keys(scope.surfaces) as SurfaceName[]) add(surfaceMask(map, surface))
	return region
}

/** A working-size mask on the n×n label map: a label pixel is in when any of its mask pixels is set. */
function maskOnMap(mask: Mask, n: number) {
	const out = new Uint8Array(n * n)
	for (let y = 0; y < mask.height; y++)
		for (let x = 0; x < mask.width; x++)
			if (mask.data[y * mask.width + x] >= 128)
				out[Math.floor((y * n) / mask.height) * n + Math.floor((x * n) / mask.width)] = 1
	return out
}

/** `region` grown by `r` label pixels (a square neighbourhood). */
function grow(region: Uint8Array, n: number, r: number) {
	const out = new Uint8Array(region.length)
	for (let i = 0; i < region.length; i++) {
		if (!region[i]) continue
		const [y, x] = [Math.floor(i / n), i % n]
		for (let yy = Math.max(0, y - r); yy <= Math.min(n - 1, y + r); yy++)
			for (let xx = Math.max(0, x - r); xx <= Math.min(n - 1, x + r); xx++) out[yy * n + xx] = 1
	}
	return out
}

/** 8-connected groups (cell indices) of changed cells that no allowed pixel touches, of SCOPE.cells or more. */
function changedGroups(changed: Uint8Array, touchesScope: Uint8Array, grid: { cols: number; rows: number }) {
	const out: number[][] = []
	const seen = new Uint8Array(changed.length)
	const loose = (k: number) => changed[k] && !touchesScope[k]
	for (let start = 0; start < changed.length; start++) {
		if (seen[start] || !loose(start)) continue
		const group: number[] = []
		const stack = [start]
		seen[start] = 1
		while (stack.length) {
			const k = stack.pop()!
			group.push(k)
			const [r, c] = [Math.floor(k / grid.cols), k % grid.cols]
			for (let dr = -1; dr <= 1; dr++)
				for (let dc = -1; dc <= 1; dc++) {
					const [rr, cc] = [r + dr, c + dc]
					const kk = rr * grid.cols + cc
					if (rr < 0 || cc < 0 || rr >= grid.rows || cc >= grid.cols || seen[kk] || !loose(kk)) continue
					seen[kk] = 1
					stack.push(kk)
				}
		}
		if (group.length >= SCOPE.cells) out.push(group)
	}
	return out
}

/** What the photo shows most over a group of cells: 'the floor', 'the walls', 'the sofa', or 'the photo'. */
function whatIsThere(map: Labels, group: number[], grid: { cols: number; rows: number }, objects: DetectedObject[]) {
	const n = map.size
	const inGroup = new Set(group)
	const counts = new Map<string, number>()
	const owner = new Map<number, DetectedObject>()
	for (const o of objects) objectMask(map, o).forEach((v, i) => v && owner.set(i, o))
	const surfaceOf = new Map<number, SurfaceName>()
	for (const [name, classes] of Object.entries(SURFACES) as [SurfaceName, readonly number[]][])
		for (const c of classes) surfaceOf.set(c, name)
	for (let i = 0; i < map.data.length; i++) {
		if (!inGroup.has(cellAt(i, n, grid.cols, grid.rows))) continue
		const what = owner.get(i)?.kind ?? surfaceOf.get(map.data[i]) ?? ROOM[map.data[i] as keyof typeof ROOM] ?? 'photo'
		counts.set(what, (counts.get(what) ?? 0) + 1)
	}
	const [most] = [...counts].sort((a, b) => b[1] - a[1])[0]
	return `the ${most}`
}

/**
 * The median colour of the answer's walls: the answer's pixels, at the label map's places moved
 * onto it by the alignment, where the photo's map and the aligned answer's both say wall, an edge
 * pixel in from either's outline; null when fewer than SCOPE.wallPixels are.
 */
async function wallColour(
	answer: Buffer,
	transform: [number, number, number, number, number, number],
	photo: Buffer,
	map: Labels,
	aligned: Uint8Array,
): Promise<Lab | null> {
	const n = map.size
	const [photoSize, answerSize] = await Promise.all(
		[photo, answer].map(async (b) => (await sharp(b, SHARP_INPUT_OPTIONS).metadata()).autoOrient),
	)
	const small = scaled(answerSize.width, answerSize.height, 4 * n)
	const pixels = await rgb(answer, small.width, small.height, 'edited image')
	const wall = (i: number) => map.data[i] === SURFACES.walls[0] && aligned[i] === SURFACES.walls[0]
	const labs: Lab[] = []
	for (let i = 0; i < map.data.length; i++) {
		const [y, x] = [Math.floor(i / n), i % n]
		if (y < 1 || x < 1 || y >= n - 1 || x >= n - 1) continue
		if (![i, i - 1, i + 1, i - n, i + n].every(wall)) continue
		// The label pixel's centre in the photo, then in the answer (full size), then in the small copy.
		const [px, py] = [((x + 0.5) / n) * photoSize.width - 0.5, ((y + 0.5) / n) * photoSize.height - 0.5]
		const [t0, t1, t2, t3, t4, t5] = transform
		const [ax, ay] = [t0 * px + t1 * py + t2, t3 * px + t4 * py + t5]
		const u = Math.floor(((ax + 0.5) * small.width) / answerSize.width)
		const v = Math.floor(((ay + 0.5) * small.height) / answerSize.height)
		if (u < 0 || v < 0 || u >= small.width || v >= small.height) continue
		const k = 3 * (v * small.width + u)
		labs.push(rgbToLab(pixels[k], pixels[k + 1], pixels[k + 2]))
	}
	if (labs.length < SCOPE.wallPixels) return null
	const median = (c: number) => labs.map((l) => l[c]).sort((a, b) => a - b)[Math.floor(labs.length / 2)]
	return [median(0), median(1), median(2)]
}

/** Objects as the list-maker counts them: 'two chairs and a bin', the largest kind first. */
function counted(objects: DetectedObject[]) {
	const kinds = new Map<string, { name: string; plural: string; count: number }>()
	for (const o of objects) {
		const entry = kinds.get(o.kind) ?? { name: o.kind, plural: o.plural, count: 0 }
		entry.count++
		kinds.set(o.kind, entry)
	}
	return [...kinds.values()]
}

/** "The armchair is still there"; "A bin and two chairs are still there". */
function stillThere(left: DetectedObject[]) {
	if (left.length === 1) return `The ${left[0].kind} is still there`
	return `${capital(listItems(counted(left))!)} are still there`
}

/** The headline of an edit done as asked: "Removed: a bin and two chairs", "Renovated: walls and floor". */
function done(scope: Scope, asked: DetectedObject[]) {
	if (scope.kind === 'renovate') {
		const names = Object.keys(scope.surfaces)
		return `Renovated: ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]}`
	}
	return asked.length ? `Removed: ${listItems(counted(asked))}` : 'Removed: what was marked'
}

const capital = (s: string) => s[0].toUpperCase() + s.slice(1)
