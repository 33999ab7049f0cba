/**
 * The room check's third stage: the aligned answer and the photo compared cell by cell on a grid,
 * global grading undone, each cell described (colour, lightness correlation, texture, edges lost
 * and gained; what the segmentation sees there is added by check.ts judge). What the cells mean is
 * rules.ts's. See index.ts.
 */
import type { Affine } from './align.ts'
import { type Decoded, scaled } from './decode.ts'
import { disposing, type Keep, type OpenCv } from './opencv.ts'
import { mark } from './profile.ts'
import type { CellRegions } from './regions.ts'
import type { Labels } from './segment.ts'

/** Longest side, in pixels, of the copies compared cell by cell. */
export const COMPARE_SIZE = 400

/** Cells across the longest side of the comparison grid. */
const GRID = 24

export interface CellFeatures {
	col: number
	row: number
	/** Colour difference (CIE76 on 8-bit Lab) of the cell's means, after global grading is undone. */
	dE: number
	dL: number
	/** Zero-mean normalised cross-correlation of lightness; NaN when either side is flat. */
	zncc: number
	/** Mean gradient magnitude of the photo and of the aligned image. */
	gp: number
	ga: number
	/** Share of pixels that are edges in the photo / in the aligned image. */
	ep: number
	ea: number
	/** Share of the photo's edges with no aligned edge within 2 px, and the other way round. */
	missing: number
	added: number
	/** Share of the cell the furniture mask covers. */
	masked: number
	/** Mean Lab of the photo and of the aligned image (grading undone). */
	labP: [number, number, number]
	labA: [number, number, number]
	/** Standard deviation of lightness in the photo and in the aligned image. */
	sdP: number
	sdA: number
	/** The aligned image's gradient energy by edge direction (0°, 45°, 90°, 135°), shares summing to 1 (0s when flat). */
	orientA: Orientation
	/** Share of the aligned cell's pixels at either end of the lightness range (blown out or crushed): they say nothing of the surface. */
	clipped: number
	/** What the segmentation sees there, when the images were segmented (check.ts judge). */
	seen: CellRegions | null
}

export type Orientation = [number, number, number, number]

export interface Compared {
	/** The compared cells (those the answer's frame covers), row by row. */
	features: CellFeatures[]
	grid: { cols: number; rows: number }
	/** Shares of the photo's width (left, right) and height (top, bottom) the staged image's frame leaves out. */
	crop: Crop
}

/** Lightness variance (8-bit L²) under which a cell is flat and its correlation meaningless. */
const FLAT_VARIANCE = 1

export interface Crop {
	left: number
	right: number
	top: number
	bottom: number
}

/** 8-bit lightness (grading undone) at or beyond which a pixel is blown out or crushed. */
const CLIPPED = { high: 250, low: 5 }

export function compare(
	cv: OpenCv,
	p: Uint8Array,
	s: Uint8Array,
	work: Decoded,
	stagedWork: Decoded,
	m: Affine,
	mask: Uint8Array | null,
	/** What an edit was asked to change (scope.ts): 0/1 over the photo's label map. */
	scope: { asked: Uint8Array; photo: Labels } | null = null,
): Compared {
	// Compared at half the work size: cells need no finer detail, and it is 4× cheaper.
	const { width, height } = scaled(work.width, work.height, COMPARE_SIZE)
	const rx = work.width / width
	const ry = work.height / height
	// x_work = (x + 0.5)·r − 0.5, so the photo-compare → staged-work map is M after that.
	const [ox, oy] = [0.5 * rx - 0.5, 0.5 * ry - 0.5]
	m = [m[0] * rx, m[1] * ry, m[0] * ox + m[1] * oy + m[2], m[3] * rx, m[4] * ry, m[3] * ox + m[4] * oy + m[5]]
	return disposing((keep) => {
		const src = keep(new cv.Mat(stagedWork.height, stagedWork.width, cv.CV_8UC3))
		src.data.set(s)
		const aligned = keep(new cv.Mat())
		const M = keep(cv.matFromArray(2, 3, cv.CV_64F, m))
		cv.warpAffine(
			src,
			aligned,
			M,
			new cv.Size(width, height),
			cv.INTER_LINEAR | cv.WARP_INVERSE_MAP,
			cv.BORDER_REPLICATE,
		)
		const photoWork = keep(new cv.Mat(work.height, work.width, cv.CV_8UC3))
		photoWork.data.set(p)
		const photoMat = keep(new cv.Mat())
		cv.resize(photoWork, photoMat, new cv.Size(width, height), 0, 0, cv.INTER_AREA)
		const labP = keep(new cv.Mat())
		const labA = keep(new cv.Mat())
		cv.cvtColor(photoMat, labP, cv.COLOR_RGB2Lab)
		cv.cvtColor(aligned, labA, cv.COLOR_RGB2Lab)
		const n = width * height
		// Where the staged image has pixels (a zoomed-out vendor image leaves borders). Up to one
		// pixel beyond its edge still counts: the replicated edge pixel is the right colour there,
		// and an alignment a fraction of a pixel off would otherwise drop the photo's whole first or
		// last row of cells (the ceiling, the floor).
		const valid = new Uint8Array(n)
		for (let y = 0, i = 0; y < height; y++)
			for (let x = 0; x < width; x++, i++) {
				const u = m[0] * x + m[1] * y + m[2]
				const v = m[3] * x + m[4] * y + m[5]
				valid[i] = u >= -1 && v >= -1 && u <= stagedWork.width && v <= stagedWork.height ? 1 : 0
			}
		const crop = cropOf(valid, width, height)
		const P = labP.data as Uint8Array
		const A = labA.data as Uint8Array
		mark('warp + Lab')
		// What an edit was asked to change (a third of the photo when walls are repainted) is left out of
		// the grading's estimate, or undoing it would shift everything else by the new paint's colour.
		const graded = scope
			? valid.map((v, i) => (v && !scope.asked[labelAt(i, width, height, scope.photo.size)] ? 1 : 0))
			: valid
		normaliseGrading(P, A, graded)
		// Blown out or crushed, in the staged image or by undoing its grading (a median that moved
		// across a gap of a two-toned room pushes a whole bright floor to white).
		const clipped = new Uint8Array(n)
		for (let i = 0; i < n; i++) clipped[i] = A[3 * i] >= CLIPPED.high || A[3 * i] <= CLIPPED.low ? 1 : 0
		mark('grading')
		// Lightness planes, gradients and edges of both.
		const lP = keep(new cv.Mat(height, width, cv.CV_8UC1))
		const lA = keep(new cv.Mat(height, width, cv.CV_8UC1))
		// (mat.data is a getter that makes a new view on every read: read it once.)
		const LP = lP.data as Uint8Array
		const LA = lA.data as Uint8Array
		for (let i = 0; i < n; i++) {
			LP[i] = P[3 * i]
			LA[i] = A[3 * i]
		}
		const gP = gradient(cv, lP, keep).magnitude
		const { magnitude: gA, direction: dA } = gradient(cv, lA, keep, true)
		const eP = keep(new cv.Mat())
		const eA = keep(new cv.Mat())
		cv.Canny(lP, eP, 40, 100)
		cv.Canny(lA, eA, 40, 100)
		const kernel = keep(cv.Mat.ones(5, 5, cv.CV_8U))
		const nearP = keep(new cv.Mat())
		const nearA = keep(new cv.Mat())
		const anchor = new cv.Point(-1, -1)
		cv.dilate(eP, nearP, kernel, anchor, 1)
		cv.dilate(eA, nearA, kernel, anchor, 1)
		mark('gradients + edges')
		const EP = eP.data as Uint8Array
		const EA = eA.data as Uint8Array
		const NP = nearP.data as Uint8Array
		const NA = nearA.data as Uint8Array

		const cell = Math.max(8, Math.round(Math.max(width, height) / GRID))
		const cols = Math.max(1, Math.round(width / cell))
		const rows = Math.max(1, Math.round(height / cell))
		const K = cols * rows
		const acc = Array.from({ length: 20 }, () => new Float64Array(K))
		// Cells holding pixels left out of the grading's estimate (`asked`), left out of its second pass too.
		const ungraded = new Uint8Array(K)
		const [cnt, vd, sLp, sLa, sLpp, sLaa, sLpa, sap, saa, sbp, sba, sgp, sga, sep, sea, smis, sadd, smask, sclip] = acc
		// The aligned image's gradient energy per cell and direction bin.
		const oA = new Float64Array(4 * K)
		for (let y = 0, i = 0; y < height; y++) {
			const r = Math.min(rows - 1, Math.floor((y * rows) / height))
			for (let x = 0; x < width; x++, i++) {
				const k = r * cols + Math.min(cols - 1, Math.floor((x * cols) / width))
				cnt[k]++
				if (mask && mask[i] > 127) smask[k]++
				if (!valid[i]) continue
				vd[k]++
				if (!graded[i]) ungraded[k] = 1
				const lp = P[3 * i]
				const la = A[3 * i]
				sLp[k] += lp
				sLa[k] += la
				sLpp[k] += lp * lp
				sLaa[k] += la * la
				sLpa[k] += lp * la
				sap[k] += P[3 * i + 1]
				saa[k] += A[3 * i + 1]
				sbp[k] += P[3 * i + 2]
				sba[k] += A[3 * i + 2]
				sgp[k] += gP[i]
				sga[k] += gA[i]
				sclip[k] += clipped[i]
				oA[4 * k + dA[i]] += gA[i]
				if (EP[i]) {
					sep[k]++
					if (!NA[i]) smis[k]++
				}
				if (EA[i]) {
					sea[k]++
					if (!NP[i]) sadd[k]++
				}
			}
		}
		const raw: (CellFeatures & { mp: number; da: number; db: number })[] = []
		for (let k = 0; k < K; k++) {
			const v = vd[k]
			if (v < 0.98 * cnt[k]) continue
			const mp = sLp[k] / v
			const ma = sLa[k] / v
			const varP = sLpp[k] / v - mp * mp
			const varA = sLaa[k] / v - ma * ma
			const cov = sLpa[k] / v - mp * ma
			raw.push({
				col: k % cols,
				row: Math.floor(k / cols),
				mp,
				dL: ma - mp,
				da: (saa[k] - sap[k]) / v,
				db: (sba[k] - sbp[k]) / v,
				dE: 0,
				zncc: varP > FLAT_VARIANCE && varA > FLAT_VARIANCE ? cov / Math.sqrt(varP * varA) : Number.NaN,
				gp: sgp[k] / v,
				ga: sga[k] / v,
				ep: sep[k] / v,
				ea: sea[k] / v,
				missing: sep[k] ? smis[k] / sep[k] : 0,
				added: sea[k] ? sadd[k] / sea[k] : 0,
				masked: smask[k] / cnt[k],
				labP: [mp, sap[k] / v, sbp[k] / v],
				labA: [ma, saa[k] / v, sba[k] / v],
				sdP: Math.sqrt(Math.max(0, varP)),
				sdA: Math.sqrt(Math.max(0, varA)),
				orientA: shares(oA, k),
				clipped: sclip[k] / v,
				seen: null, // check.ts judge says what the label maps see
			})
		}
		// What grading is left after the pixel statistics, measured where the room is plainly the
		// same (large furniture biases whole-image medians): dL as a line in L, da and db as offsets.
		const steady = raw.filter((c) => c.zncc > 0.8 && !ungraded[c.row * cols + c.col])
		const grade = gradeFit(steady)
		// Resampling (a vendor's zoom, this warp) softens the whole image: gradients are compared
		// relative to how much the unchanged cells softened.
		const softening = Math.min(1.5, Math.max(0.5, median(steady.filter((c) => c.gp > 1).map((c) => c.ga / c.gp)) || 1))
		for (const c of raw) c.ga /= softening
		const features = raw.map(({ mp, da, db, ...c }) => {
			const dL = c.dL - (grade.l0 + grade.l1 * (mp - 128))
			const labA: [number, number, number] = [mp + dL, c.labA[1] - grade.a, c.labA[2] - grade.b]
			return { ...c, dL, labA, dE: Math.hypot(dL, da - grade.a, db - grade.b) }
		})
		return { features, grid: { cols, rows }, crop }
	})
}

/** The label-map pixel (row by row, n×n stretched over the image) under pixel i of a width × height image. */
const labelAt = (i: number, width: number, height: number, n: number) =>
	Math.floor((Math.floor(i / width) * n) / height) * n + Math.floor(((i % width) * n) / width)

/** How far in from each side of the photo the staged image's frame begins: rows and columns at most half covered are outside it. */
function cropOf(valid: Uint8Array, width: number, height: number): Crop {
	const columns = new Float64Array(width)
	const rows = new Float64Array(height)
	for (let y = 0, i = 0; y < height; y++)
		for (let x = 0; x < width; x++, i++) {
			columns[x] += valid[i] / height
			rows[y] += valid[i] / width
		}
	const outside = (shares: Float64Array, from: number, step: number) => {
		let n = 0
		for (let i = from; n < shares.length && shares[i] <= 0.5; i += step) n++
		return n / shares.length
	}
	return {
		left: outside(columns, 0, 1),
		right: outside(columns, width - 1, -1),
		top: outside(rows, 0, 1),
		bottom: outside(rows, height - 1, -1),
	}
}

const median = (values: number[]) => {
	const sorted = values.toSorted((a, b) => a - b)
	return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0
}

/** dL ≈ l0 + l1·(L − 128), a and b offsets, over cells whose structure is unchanged (one outlier pass). */
function gradeFit(cells: { mp: number; dL: number; da: number; db: number }[]) {
	if (cells.length < 8) return { l0: 0, l1: 0, a: 0, b: 0 }
	const line = (set: typeof cells) => {
		const n = set.length
		const mx = set.reduce((s, c) => s + c.mp - 128, 0) / n
		const my = set.reduce((s, c) => s + c.dL, 0) / n
		let sxx = 0
		let sxy = 0
		for (const c of set) {
			sxx += (c.mp - 128 - mx) ** 2
			sxy += (c.mp - 128 - mx) * (c.dL - my)
		}
		const l1 = sxx > 1 ? Math.max(-0.3, Math.min(0.3, sxy / sxx)) : 0
		return { l0: my - l1 * mx, l1 }
	}
	let fit = line(cells)
	const kept = cells.filter((c) => Math.abs(c.dL - fit.l0 - fit.l1 * (c.mp - 128)) < 6)
	if (kept.length >= 8) fit = line(kept)
	return { ...fit, a: median(cells.map((c) => c.da)), b: median(cells.map((c) => c.db)) }
}

/**
 * Gradient magnitude (|Sobel x| + |Sobel y|) / 8 per pixel and, when asked, the edge's direction in
 * four bins (0: vertical edge, 1: rising diagonal, 2: horizontal edge, 3: falling diagonal; bins
 * split at tan 67.5° = 2.414).
 */
function gradient(cv: OpenCv, plane: OpenCv, keep: Keep, directions = false) {
	const gx = keep(new cv.Mat())
	const gy = keep(new cv.Mat())
	cv.Sobel(plane, gx, cv.CV_32F, 1, 0, 3)
	cv.Sobel(plane, gy, cv.CV_32F, 0, 1, 3)
	const X = gx.data32F as Float32Array
	const Y = gy.data32F as Float32Array
	const magnitude = new Float32Array(X.length)
	const direction = new Uint8Array(directions ? X.length : 0)
	for (let i = 0; i < X.length; i++) {
		const ax = Math.abs(X[i])
		const ay = Math.abs(Y[i])
		magnitude[i] = (ax + ay) / 8
		if (directions) direction[i] = ax > 2.414 * ay ? 0 : ay > 2.414 * ax ? 2 : X[i] * Y[i] > 0 ? 1 : 3
	}
	return { magnitude, direction }
}

/** The four direction bins of cell k as shares of its gradient energy. */
function shares(bins: Float64Array, k: number): Orientation {
	const sum = bins[4 * k] + bins[4 * k + 1] + bins[4 * k + 2] + bins[4 * k + 3]
	if (!sum) return [0, 0, 0, 0]
	return [bins[4 * k] / sum, bins[4 * k + 1] / sum, bins[4 * k + 2] / sum, bins[4 * k + 3] / sum]
}

/**
 * Undoes a vendor's global grading (exposure, contrast, white balance) from pixel pairs, the photo's
 * and the aligned image's at the same place: lightness as a line, a and b as offsets. Each is read
 * from medians of the pairs' differences, which local edits (a repainted wall, furniture) move
 * little. (Matching the two images' own medians instead fails in a two-toned room: a piece of
 * furniture moves the median across the gap between the dark and the bright tones, and undoing
 * that pushes a bright floor to white.)
 */
function normaliseGrading(P: Uint8Array, A: Uint8Array, valid: Uint8Array) {
	const medianOf = (histogram: Int32Array, from: number, size: number, total: number) => {
		let acc = 0
		for (let v = 0; v < size; v++) if ((acc += histogram[from + v]) >= total / 2) return v
		return size - 1
	}
	// Medians need no more than every other pixel (~60 000 pairs at the compare size).
	const STEP = 2
	// The photo's median per channel splits the pairs into a darker and a brighter half.
	const photo = new Int32Array(3 * 256)
	let total = 0
	for (let i = 0; i < valid.length; i += STEP)
		if (valid[i]) {
			photo[P[3 * i]]++
			photo[256 + P[3 * i + 1]]++
			photo[512 + P[3 * i + 2]]++
			total++
		}
	if (!total) return
	const split = [0, 1, 2].map((c) => medianOf(photo, 256 * c, 256, total))
	// Per channel and half (index 2c + half): the photo's values and the differences aligned − photo (+ 255).
	const values = new Int32Array(6 * 256)
	const diffs = new Int32Array(6 * 511)
	const counts = new Int32Array(6)
	for (let i = 0; i < valid.length; i += STEP) {
		if (!valid[i]) continue
		for (let c = 0; c < 3; c++) {
			const p = P[3 * i + c]
			const h = 2 * c + (p <= split[c] ? 0 : 1)
			values[256 * h + p]++
			diffs[511 * h + A[3 * i + c] - p + 255]++
			counts[h]++
		}
	}
	for (let c = 0; c < 3; c++) {
		const [low, high] = [2 * c, 2 * c + 1].map((h) =>
			counts[h]
				? { at: medianOf(values, 256 * h, 256, counts[h]), d: medianOf(diffs, 511 * h, 511, counts[h]) - 255 }
				: { at: split[c], d: 0 },
		)
		// a = p + d(p), d a line through the halves' medians (lightness only; colour is an offset).
		let slope = c === 0 && high.at - low.at > 4 ? (high.d - low.d) / (high.at - low.at) : 0
		slope = Math.min(0.43, Math.max(-0.29, slope)) // a contrast change of 0.7–1.4×
		let offset = low.d - slope * low.at
		if (c > 0) {
			const both = diffs.subarray(511 * 2 * c, 511 * 2 * c + 511).map((v, k) => v + diffs[511 * (2 * c + 1) + k])
			offset = medianOf(both, 0, 511, total) - 255
		}
		const lut = new Uint8Array(256)
		for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round((v - offset) / (1 + slope))))
		for (let i = c; i < A.length; i += 3) A[i] = lut[A[i]]
	}
}
