/**
 * The room check's rules: what each compared cell is (the same, a surface recoloured, structure
 * erased, something new in front), what the segmentation says of it, and which groups of cells
 * make a permanent change. Thresholds and the reasons for them are here; the method and its
 * figures are in index.ts.
 */
import type { CellFeatures, Compared, Crop } from './compare.ts'
import type { ChangedCells } from './regions.ts'
import { cropNote, side, surfaceNote } from './sentences.ts'
import type { ChangedRegion, RoomCheck } from './types.ts'

export type CellClass = 'same' | 'surface' | 'erased' | 'view' | 'new'

/** Cell thresholds; see the header of index.ts. */
export const T = {
	/** ΔE of cell means above which a cell whose structure is unchanged counts as recoloured. */
	recolour: 14,
	/**
	 * Colour change (ΔE in a and b alone, or from a and b scaled with the lightness) under which a
	 * cell whose structure is kept was lit differently (a shadow, lamp light), however much lighter
	 * or darker: paint changes the hue (see shaded()).
	 */
	shade: 7,
	/** A cell whose lightness pattern correlates this well kept its structure. */
	sameStructure: 0.7,
	/** Largest relative change of mean gradient for the texture to count as kept. */
	texture: 0.3,
	/** Largest share of the aligned edges that are new for the structure to count as kept. */
	added: 0.5,
	/** Share of edge pixels above which a cell has structure worth losing. */
	edges: 0.04,
	/** Share of the photo's edges gone for a cell to count as erased. */
	missing: 0.7,
	/** The aligned cell keeps under this share of the photo's gradient energy when something was painted out. */
	flatter: 0.55,
	/** Share of the compared cells changed above which the whole room counts as redrawn. */
	room: 0.6,
}

/** How far a cell's colour moved in hue and saturation (a and b, ΔE), whatever its lightness did. */
const hueMove = (f: CellFeatures) => Math.sqrt(Math.max(0, f.dE ** 2 - f.dL ** 2))

/** A cell's colour moved less than `shade` in hue and saturation (a and b), however much lighter or darker. */
const hueKept = (f: CellFeatures, shade = T.shade) => hueMove(f) < shade

/**
 * Lit differently, not repainted: a and b stayed (lamp light, a shadow's edge), or moved with the
 * lightness as less or more of the same light moves them (Lab's a and b scale with L: a deep shadow
 * greys a colour); either within T.shade. A plain dark object in front of a plain wall (a TV) reads
 * as a deep shadow, and a wall repainted a darker, greyer shade of its colour goes unseen.
 */
function shaded(f: CellFeatures) {
	const r = Math.min(2, (f.labA[0] + 1) / (f.labP[0] + 1))
	const [a, b] = [f.labP[1] - 128, f.labP[2] - 128]
	return hueKept(f) || Math.hypot(f.labA[1] - 128 - a * r, f.labA[2] - 128 - b * r) < T.shade
}

/**
 * When the light of the whole room changed (a lamp switched on or off, the room relit, the frame
 * re-rendered darker or brighter), most cells are lighter or darker by far more than grading
 * explains, their hue kept, and shading moves their structure and edges. Such an answer has
 * ≥ 40 % of its cells ΔL ≥ 8 with a and b moved < ΔE 7, and ≤ 30 % with a and b moved more (real
 * pairs: the relit rooms this passes 0.64–0.79 and 0.01–0.25, while one lit in a warm colour has
 * 0.49 and 0.40 and stays out; no permanent change above 0.27 lit, and restyled rooms and a red wash
 * have 0.44–0.72 of their cells in another hue; the synthetic edits are local). In
 * it no cell whose a and b moved < ΔE 15 counts as changed: another lamp's colour shifts a neutral
 * surface that far (a tuning pair needs ≥ 15; the held-out results are the same from 10 to 22).
 * What this cannot see: in a relit answer, a change that keeps the hue (a window painted out in
 * white on a white wall, a wall repainted a darker grey).
 */
export const RELIT = { dL: 8, lit: 0.4, hue: 0.3, shade: 15 }

function relit(cells: CellFeatures[]) {
	const lit = cells.filter((c) => Math.abs(c.dL) >= RELIT.dL && hueKept(c)).length
	const hue = cells.filter((c) => !hueKept(c)).length
	return lit >= RELIT.lit * cells.length && hue <= RELIT.hue * cells.length
}

/**
 * A room lit in another colour (a warm lamp switched on or off, a red pendant, a coloured pool on
 * the floor) moves the hue of what it lights, so it is not relit above. But a light's tint comes
 * with its brightness: the more a cell was lit (or darkened), the further its colour moved, and the
 * tint fades out with the light; and light changes how a surface is lit, not what is drawn there.
 * Paint and new materials move the hue wherever they are, whatever the lightness did, and a restyle
 * redraws. Such an answer has ≥ 35 % of its cells ΔL ≥ 8, ≥ 60 % whose lightness still correlates
 * (> T.sameStructure), and over all its cells a correlation ≥ 0.6 between how far the lightness
 * moved (|ΔL|) and how far a and b moved (real tuning pairs: the four rooms lit in a colour that
 * align 0.37–0.72 lit, 0.70–0.88 kept and 0.63–0.89 correlated; the restyled rooms and the red wash
 * that align are lit as much, 0.46–0.83, but redrawn, 0.16–0.25 kept (and 0.47–0.49 correlated), or
 * 0.24 correlated; the permanent changes as well correlated are local, 0.20 lit at most). In it a cell
 * whose a and b moved less than ΔE 15 (RELIT.shade) + 1 × |ΔL| is lit, not changed: a saturated
 * lamp's pool moves a and b as far as it moves L (pair 58's red pool on a grey floor: ab 34–37 for
 * ΔL 29–34). What this cannot see: in such a room, a repaint whose hue moves no more than its
 * lightness (a white wall painted a deep, dark colour), or a change that keeps the hue.
 */
export const TINTED = { lit: 0.35, kept: 0.6, coupling: 0.6, slope: 1 }

function tinted(cells: CellFeatures[]) {
	const lit = cells.filter((c) => Math.abs(c.dL) >= RELIT.dL).length
	const kept = cells.filter((c) => c.zncc > T.sameStructure).length
	const coupling = correlation(
		cells.map((c) => Math.abs(c.dL)),
		cells.map(hueMove),
	)
	return lit >= TINTED.lit * cells.length && kept >= TINTED.kept * cells.length && coupling >= TINTED.coupling
}

/** Pearson's correlation of two series (0 when either is constant). */
function correlation(x: number[], y: number[]) {
	const mean = (v: number[]) => v.reduce((s, e) => s + e, 0) / v.length
	const [mx, my] = [mean(x), mean(y)]
	let [sxy, sxx, syy] = [0, 0, 0]
	for (let i = 0; i < x.length; i++) {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) ** 2
		syy += (y[i] - my) ** 2
	}
	return sxx && syy ? sxy / Math.sqrt(sxx * syy) : 0
}

/**
 * How far a cell's a and b may move, beyond RELIT.shade, per unit of its lightness change and still
 * be light rather than a change, when the whole room's light changed: TINTED.slope when lit in
 * another colour (a room relit mostly in its own hue may have a coloured pool too), 0 when relit
 * with its hue kept; null when the light did not change.
 */
function lightAllowance(cells: CellFeatures[]) {
	if (tinted(cells)) return TINTED.slope
	return relit(cells) ? 0 : null
}

export function classify(f: CellFeatures): CellClass {
	if (f.masked > 0.3) return 'same'
	const found = classifyPixels(f)
	const seen = f.seen
	if (found === 'same' || !seen) return found
	// A window or door of the photo that the answer shows as wall, where the pixels changed too, was
	// walled up (on its own, the model's outline of a door wavers by a few pixels between images).
	if (seen.openingP >= SEEN.opening && seen.walledUp >= SEEN.walledUp) return 'erased'
	// A window the answer still shows as a window, nothing placed before it, whose colours moved:
	// it looks out on something else (trees in a blown-out window, daylight for a night view).
	if (
		seen.windowP >= SEEN.window &&
		seen.windowKept >= SEEN.windowKept &&
		seen.placedA < SEEN.clear &&
		f.dE >= SEEN.viewDE
	)
		return 'view'
	// Something placed stands there in the answer (a sofa before the wall, a rug on the floor): what
	// changed is staging, not the room. (Not the other way round: what a photo's furniture hid must
	// come out as the room around it, and the model took a window for a wardrobe in the corpus.)
	if (seen.placedA >= SEEN.placedAnswer || seen.freeP >= SEEN.freePhoto) return 'same'
	return found
}

/**
 * How the segmentation's classes decide a changed cell (regions.ts): one at least `opening` a
 * window or door in the photo, `walledUp` of it wall in the answer, lost that opening; else one the
 * answer shows at least `placedAnswer` covered by something placed (a sofa before the wall, a rug:
 * a half passed no more real stagings and lost a synthetic pasted floor the model took for a
 * table), or the photo at least `freePhoto` by something standing free (an object taken away; a
 * cell on its edge changes with it: a half passed one tuning staging fewer), changed by staging.
 * A cell at least `window` a window in the photo, `windowKept` of it still a window (or what one
 * looks out on) in the answer, under `clear` placed in front, whose colour moved by ΔE ≥ `viewDE`,
 * looks out on something else (two such cells are reported): a model that redraws a window's view
 * in a staging keeps its colours (ΔE ≤ 12 on the tuning pairs but one cell of pair 74 at 30), a
 * new view moves them (the corpus's view-changed cases: 22–167, trees or a roof pasted in).
 */
export const SEEN = {
	opening: 0.3,
	walledUp: 0.6,
	placedAnswer: 0.75,
	freePhoto: 0.25,
	window: 0.5,
	windowKept: 0.6,
	clear: 0.25,
	viewDE: 20,
}

function classifyPixels(f: CellFeatures): CellClass {
	// Structure kept: lightness still correlates, the texture's strength is about the same and few
	// edges appeared (a new object in front adds its own texture and outline).
	const textureKept = Math.abs(f.ga - f.gp) <= T.texture * Math.max(f.ga, f.gp) + 1.5
	const sameStructure = f.zncc > T.sameStructure && textureKept && (f.ea < 0.02 || f.added <= T.added)
	if (sameStructure && f.dE < T.recolour) return 'same'
	// Lighter or darker with its colour and structure kept: a shadow or lamp light, not paint.
	if (sameStructure && shaded(f)) return 'same'
	if (sameStructure) return 'surface'
	if (f.ep > T.edges && f.missing > T.missing && f.ga < T.flatter * f.gp) return 'erased'
	return 'new'
}

interface Blob {
	c0: number
	r0: number
	c1: number
	r1: number
	count: number
	kind: CellClass
	/** Sums of the cells' mean gradients, photo and aligned. */
	gp: number
	ga: number
	/** Sum of the cells' shares of missing photo edges. */
	missing: number
	/** Sum of the cells' colour differences. */
	dE: number
}

/**
 * A compared cell as the check reads it: `class` with everything said, `pixels` as the pixels alone
 * read it (before the segmentation's say), `moved`: the pixels changed, even in a relit room (for
 * naming what came and went).
 */
export type Cell = CellFeatures & { class: CellClass; pixels: CellClass; moved: boolean }

/** The compared cells, classified, and the share of them that changed in any way. */
export interface Classified {
	cells: Cell[]
	grid: Compared['grid']
	changed: number
	crop: Crop
}

/** What each compared cell is (see classify, and RELIT and TINTED for a room whose whole light changed). */
export function classifyCells({ features, grid, crop }: Compared): Classified {
	const slope = lightAllowance(features)
	const cells = features.map((f) => {
		const pixels = f.masked > 0.3 ? ('same' as const) : classifyPixels(f)
		const lit = slope !== null && hueMove(f) < RELIT.shade + slope * Math.abs(f.dL)
		return {
			...f,
			class: lit ? ('same' as const) : classify(f),
			pixels: lit ? ('same' as const) : pixels,
			moved: pixels !== 'same',
		}
	})
	const changed = cells.filter((c) => c.class !== 'same').length
	return { cells, grid, changed: cells.length ? changed / cells.length : 0, crop }
}

/**
 * Connected groups of cells of one class that pass `where`: 8-neighbours, or, when `linked` is
 * given, 4-neighbours for which `linked` holds (a chain of alike cells).
 */
function blobs(
	cells: Cell[],
	grid: Compared['grid'],
	kind: CellClass,
	where: (c: Cell) => boolean = () => true,
	linked?: (a: Cell, b: Cell) => boolean,
	by: 'class' | 'pixels' = 'class',
): Blob[] {
	const at = new Map<number, Cell>()
	for (const c of cells) if (c[by] === kind && where(c)) at.set(c.row * grid.cols + c.col, c)
	const steps = linked
		? [
				[0, 1],
				[1, 0],
				[0, -1],
				[-1, 0],
			]
		: [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc) => [dr, dc])).filter(([dr, dc]) => dr || dc)
	const seen = new Set<number>()
	const out: Blob[] = []
	for (const start of at.keys()) {
		if (seen.has(start)) continue
		const blob: Blob = { c0: Infinity, r0: Infinity, c1: -1, r1: -1, count: 0, kind, gp: 0, ga: 0, missing: 0, dE: 0 }
		const stack = [start]
		seen.add(start)
		while (stack.length) {
			const k = stack.pop()!
			const cell = at.get(k)!
			const [r, c] = [Math.floor(k / grid.cols), k % grid.cols]
			blob.c0 = Math.min(blob.c0, c)
			blob.r0 = Math.min(blob.r0, r)
			blob.c1 = Math.max(blob.c1, c)
			blob.r1 = Math.max(blob.r1, r)
			blob.count++
			blob.gp += cell.gp
			blob.ga += cell.ga
			blob.missing += cell.missing
			blob.dE += cell.dE
			for (const [dr, dc] of steps) {
				const [rr, cc] = [r + dr, c + dc]
				const kk = rr * grid.cols + cc
				if (rr < 0 || cc < 0 || rr >= grid.rows || cc >= grid.cols || seen.has(kk)) continue
				const next = at.get(kk)
				if (next && (!linked || linked(cell, next))) {
					seen.add(kk)
					stack.push(kk)
				}
			}
		}
		out.push(blob)
	}
	return out
}

/**
 * Cells a group needs before it is reported. Fewer do when the evidence is strong: a recoloured
 * pair whose colour moved by ΔE ≥ 42 (three times the recolour threshold: another colour, not a
 * shade), or a painted-over group whose texture dropped (≤ 0.8× the photo's gradient: whatever
 * stands in front of a wall brings texture; a window painted out takes it away).
 */
export const MIN_CELLS = { surface: 3, erased: 2, view: 2, replaced: 6, covering: 7, strongSurface: 2, flattened: 4 }

export const STRONG = { dE: 42, flattened: 0.8 }

/**
 * A group of changed cells whose colour moved (ΔE ≥ 8) while the texture did not grow was painted
 * over, not stood in front of: objects bring their own texture and outline; a window painted out
 * with wall, or a floor swapped for a plain one, does not. How much growth is allowed depends on
 * how much of the photo's own structure there is gone: ≤ 1.15× the photo's gradient always,
 * ≤ 1.4× when ≥ 23 % of its edges went, ≤ 1.8× when ≥ 45 % went (the surface itself was replaced:
 * an object that hides that much of the structure behind it brings far more texture of its own;
 * on the corpus ≥ 3.8× wherever staging hid ≥ 30 % of the photo's edges).
 */
export const REPLACED = { dE: 8, plain: 1.15, texture: 1.4, missing: 0.23, replacedTexture: 1.8, replacedMissing: 0.45 }

/** Whether a group of changed cells reads as painted over (see REPLACED). */
function paintedOver(b: Blob) {
	const missing = b.missing / b.count
	if (b.ga <= REPLACED.plain * b.gp) return true
	if (b.ga <= REPLACED.texture * b.gp) return missing >= REPLACED.missing
	return b.ga <= REPLACED.replacedTexture * b.gp && missing >= REPLACED.replacedMissing
}

/**
 * A new covering (brick, tiles, panelling, another floor) adds texture and edges, so cell by cell it
 * reads like something stood in front. What sets it apart from furniture, plants and art is that it
 * is one material over a large area: neighbouring cells carry the same texture (mean colour, gradient
 * strength, contrast and edge directions alike), where an object's cells differ (outline, parts,
 * shading, what shows around it). A covering cell is 'new', textured (aligned gradient ≥ 6) and
 * changed (ΔE ≥ 8, or its gradient grew past 1.5× the photo's + 3). Two neighbours show the same
 * material when the squared differences of their texture, each in units of its scale (ΔE 16; 0.2
 * in log gradient and log contrast; 0.2 in L1 distance between edge-direction shares), sum to < 2:
 * one distance, so a pair close in three respects may differ more in the fourth. Seven cells so
 * linked are a covering; on the corpus no staging links more than five and every brick wall eight
 * or more (a rug can come close: it is one material too, but a small one).
 */
export const COVERING = {
	gradient: 6,
	dE: 8,
	growth: 1.5,
	growthOffset: 3,
	scale: { colour: 16, strength: 0.2, directions: 0.2 },
	alike: 2,
}

const coveringCell = (c: Cell) =>
	c.ga >= COVERING.gradient && (c.dE >= COVERING.dE || c.ga > COVERING.growth * c.gp + COVERING.growthOffset)

/** Whether two neighbouring cells of the staged image show the same material. */
function sameMaterial(a: Cell, b: Cell) {
	const { scale } = COVERING
	const colour = Math.hypot(a.labA[0] - b.labA[0], a.labA[1] - b.labA[1], a.labA[2] - b.labA[2]) / scale.colour
	const strength = Math.log((a.ga + 1) / (b.ga + 1)) / scale.strength
	const contrast = Math.log((a.sdA + 1) / (b.sdA + 1)) / scale.strength
	let directions = 0
	for (let i = 0; i < 4; i++) directions += Math.abs(a.orientA[i] - b.orientA[i])
	directions /= scale.directions
	return colour ** 2 + strength ** 2 + contrast ** 2 + directions ** 2 < COVERING.alike
}

export function verdict(compared: Classified, residualPx: number | null): Omit<RoomCheck, 'contents'> {
	const { cells, grid } = compared
	const rect = (b: Blob, kind: ChangedRegion['kind']): ChangedRegion => ({
		x: b.c0 / grid.cols,
		y: b.r0 / grid.rows,
		width: (b.c1 - b.c0 + 1) / grid.cols,
		height: (b.r1 - b.r0 + 1) / grid.rows,
		kind,
	})
	if (compared.changed > T.room)
		return {
			verdict: 'check',
			regions: [{ x: 0, y: 0, width: 1, height: 1, kind: 'room' }],
			note: 'The whole room looks redrawn',
			residualPx,
		}
	const regions: ChangedRegion[] = []
	const notes: { size: number; text: string }[] = []
	for (const b of blobs(cells, grid, 'erased').filter((b) => b.count >= MIN_CELLS.erased)) {
		const r = rect(b, 'opening')
		regions.push(r)
		const tall = r.height > 1.5 * r.width && r.y + r.height > 0.6
		notes.push({
			size: b.count * 2,
			text: surfaceNote(
				r,
				'The ceiling looks different',
				`A ${tall ? 'door' : 'window'} ${side(r.x + r.width / 2)} is gone`,
			),
		})
	}
	for (const b of blobs(cells, grid, 'view').filter((b) => b.count >= MIN_CELLS.view)) {
		const r = rect(b, 'opening')
		regions.push(r)
		notes.push({ size: b.count * 2, text: `The view through a window ${side(r.x + r.width / 2)} changed` })
	}
	// Blown-out or crushed cells say nothing of the surface's colour (a white sheet on a white wall).
	for (const b of blobs(cells, grid, 'new', (c) => c.dE >= REPLACED.dE && c.clipped < 0.5)) {
		const enough = b.ga <= STRONG.flattened * b.gp ? MIN_CELLS.flattened : MIN_CELLS.replaced
		if (b.count < enough || !paintedOver(b)) continue
		const r = rect(b, 'structure')
		regions.push(r)
		const tall = r.height > 1.5 * r.width && r.y + r.height > 0.6
		const text = surfaceNote(
			r,
			'The ceiling looks different',
			`A ${tall ? 'door' : 'window or wall'} ${side(r.x + r.width / 2)} looks painted over`,
		)
		notes.push({ size: b.count, text })
	}
	for (const b of blobs(cells, grid, 'new', coveringCell, sameMaterial, 'pixels')) {
		if (b.count < MIN_CELLS.covering) continue
		const r = rect(b, 'surface')
		regions.push(r)
		notes.push({
			size: b.count,
			text: surfaceNote(r, 'The ceiling has a new finish', `The wall ${side(r.x + r.width / 2)} has a new finish`),
		})
	}
	const recoloured = (b: Blob) =>
		b.count >= MIN_CELLS.surface || (b.count >= MIN_CELLS.strongSurface && b.dE >= STRONG.dE * b.count)
	for (const b of blobs(cells, grid, 'surface').filter(recoloured)) {
		const r = rect(b, 'surface')
		regions.push(r)
		notes.push({
			size: b.count,
			text: surfaceNote(
				r,
				'The ceiling looks a different colour',
				`The wall ${side(r.x + r.width / 2)} looks repainted`,
			),
		})
	}
	if (!regions.length) return { verdict: 'ok', regions: [], note: cropNote(compared.crop), residualPx }
	notes.sort((a, b) => b.size - a.size)
	return { verdict: 'check', regions: merge(regions), note: notes[0].text, residualPx }
}

/** At most five rectangles: overlapping ones of a kind are merged, the largest kept. */
function merge(regions: ChangedRegion[]): ChangedRegion[] {
	const out = [...regions]
	for (let merged = true; merged; ) {
		merged = false
		for (let i = 0; i < out.length && !merged; i++)
			for (let j = i + 1; j < out.length && !merged; j++) {
				const [a, b] = [out[i], out[j]]
				if (
					a.kind === b.kind &&
					a.x <= b.x + b.width &&
					b.x <= a.x + a.width &&
					a.y <= b.y + b.height &&
					b.y <= a.y + a.height
				) {
					const x = Math.min(a.x, b.x)
					const y = Math.min(a.y, b.y)
					out[i] = {
						x,
						y,
						width: Math.max(a.x + a.width, b.x + b.width) - x,
						height: Math.max(a.y + a.height, b.y + b.height) - y,
						kind: a.kind,
					}
					out.splice(j, 1)
					merged = true
				}
			}
	}
	return out.sort((a, b) => b.width * b.height - a.width * a.height).slice(0, 5)
}

/** The cells whose pixels changed (whatever the segmentation says), for naming what came and went. */
export function changedCells({ cells, grid }: Classified): ChangedCells {
	const changed = new Uint8Array(grid.cols * grid.rows)
	for (const c of cells) if (c.moved) changed[c.row * grid.cols + c.col] = 1
	return { ...grid, changed }
}
