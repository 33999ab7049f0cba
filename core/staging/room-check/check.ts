import { createHash } from 'node:crypto'
import { sharp } from '#core/platform/sharp.ts'
import { coverPhotoSize, JPEG_OPTIONS, SHARP_INPUT_OPTIONS } from '#core/render/jpeg.ts'
import { loadOpenCv, type OpenCv } from './opencv.ts'
import { alignLabels, type CellRegions, type ChangedCells, cellRegions, contents } from './regions.ts'
import type { Labels } from './segment.ts'
import type { ChangedRegion, RoomCheck } from './types.ts'

/** Longest side, in pixels, of the copies that features are found on. */
export const WORK_SIZE = 640
/** Longest side, in pixels, of the copies compared cell by cell. */
const COMPARE_SIZE = 400
/** Cells across the longest side of the comparison grid. */
const GRID = 24

const ORB_FEATURES = 1000
const ORB_LEVELS = 4
const RATIO = 0.8
const RANSAC_PX = 2.5
const MIN_INLIERS = 24
const MIN_INLIER_SHARE = 0.2

/** The affine map from photo pixels to staged pixels, both at full size: [a, b, c, d, e, f] as x' = ax+by+c, y' = dx+ey+f. */
export type Affine = [number, number, number, number, number, number]

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
	/** What the segmentation sees there, when the images were segmented. */
	seen: CellRegions | null
}

export type Orientation = [number, number, number, number]

export type CellClass = 'same' | 'surface' | 'erased' | 'new'

export interface Analysis {
	check: RoomCheck
	/** Photo → staged at full size; null when unaligned. */
	transform: Affine | null
	inliers: number
	matches: number
	cells: (CellFeatures & { class: CellClass })[]
	grid: { cols: number; rows: number }
	/** The photo-sized JPEG, when asked for. */
	image?: Buffer
}

export type AnalysisResult = Analysis | { failed: string }

class Failed extends Error {}

/** CPU per stage when ROOM_CHECK_PROFILE is set (bench and tuning only). */
const profile = process.env.ROOM_CHECK_PROFILE ? new Map<string, number>() : null
let lastMark = process.cpuUsage()
function mark(stage: string) {
	if (!profile) return
	const used = process.cpuUsage(lastMark)
	profile.set(stage, (profile.get(stage) ?? 0) + (used.user + used.system) / 1000)
	lastMark = process.cpuUsage()
}
export const stageProfile = () => profile

interface Decoded {
	width: number
	height: number
}

async function size(input: Buffer, what: string): Promise<Decoded> {
	try {
		const { autoOrient, format } = await sharp(input, SHARP_INPUT_OPTIONS).metadata()
		if (!format || !autoOrient?.width || !autoOrient?.height) throw new Error('no image')
		return autoOrient
	} catch (error) {
		throw new Failed(`The ${what} could not be read: ${(error as Error).message}`)
	}
}

async function rgb(input: Buffer, width: number, height: number, what: string): Promise<Uint8Array> {
	try {
		const data = await sharp(input, SHARP_INPUT_OPTIONS)
			.rotate()
			.flatten({ background: '#ffffff' })
			.resize(width, height, { fit: 'fill' })
			.removeAlpha()
			.raw()
			.toBuffer()
		return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
	} catch (error) {
		throw new Failed(`The ${what} could not be decoded: ${(error as Error).message}`)
	}
}

const scaled = (w: number, h: number, longest: number) => {
	const k = Math.min(1, longest / Math.max(w, h))
	return { width: Math.max(1, Math.round(w * k)), height: Math.max(1, Math.round(h * k)) }
}

/** Whether an image is one colour (blank, black, white, a flat fill): the vendor sent nothing. */
function singleColour(pixels: Uint8Array) {
	const n = pixels.length / 3
	const sum = [0, 0, 0]
	const sq = [0, 0, 0]
	for (let i = 0; i < pixels.length; i += 3)
		for (let c = 0; c < 3; c++) {
			sum[c] += pixels[i + c]
			sq[c] += pixels[i + c] * pixels[i + c]
		}
	const sd = sum.map((s, c) => Math.sqrt(Math.max(0, sq[c] / n - (s / n) ** 2)))
	return Math.max(...sd) < 4
}

/**
 * Aligns `staged` onto `photo` and compares their permanent features; see index.ts for the method.
 * Runs on a worker thread (OpenCV's wasm is synchronous), never on the web process's main thread.
 */
export interface AnalyseOptions {
	furnitureMask?: Buffer
	/** The photo's and the answer's label maps (segmenter.ts): what each region is. */
	labels?: { photo: Labels; staged: Labels }
	/** Whether to make the photo-sized JPEG (the bench and tests only read the verdict). */
	output?: boolean
}

export async function analyse(photo: Buffer, staged: Buffer, options: AnalyseOptions = {}): Promise<AnalysisResult> {
	try {
		return await analyseOrThrow(photo, staged, options)
	} catch (error) {
		if (error instanceof Failed) return { failed: error.message }
		throw error
	}
}

async function analyseOrThrow(
	photo: Buffer,
	staged: Buffer,
	{ furnitureMask, labels, output = true }: AnalyseOptions,
): Promise<Analysis> {
	const { cv } = await loadOpenCv()
	lastMark = process.cpuUsage()
	const full = await size(photo, 'photo')
	const stagedFull = await size(staged, "staging provider's image")
	const aspect = stagedFull.width / stagedFull.height / (full.width / full.height)
	if (aspect > 2 || aspect < 0.5)
		throw new Failed(
			`The staging provider's image is ${stagedFull.width}×${stagedFull.height}, far from the photo's shape (${full.width}×${full.height})`,
		)
	const work = scaled(full.width, full.height, WORK_SIZE)
	const stagedWork = scaled(stagedFull.width, stagedFull.height, Math.max(work.width, work.height))
	const [{ pixels: p, features: photoFeatures }, s, mask] = await Promise.all([
		photoWork(cv, photo, work),
		rgb(staged, stagedWork.width, stagedWork.height, "staging provider's image"),
		furnitureMask ? maskPixels(furnitureMask, scaled(work.width, work.height, COMPARE_SIZE)) : null,
	])
	if (singleColour(s)) throw new Failed("The staging provider's image is blank (a single colour)")
	mark('decode (+ photo features)')

	const stagedFeatures = features(cv, s, stagedWork)
	mark('staged features')
	const found =
		align(cv, photoFeatures, stagedFeatures, work, stagedWork) ?? alignByLightness(cv, p, s, work, stagedWork)
	mark('ransac')
	const kx = work.width / full.width
	const ky = work.height / full.height
	if (!found) {
		return {
			check: {
				verdict: 'unaligned',
				regions: [{ x: 0, y: 0, width: 1, height: 1, kind: 'room' }],
				note: 'The staged image does not line up with the photo: the room may have been redrawn',
				residualPx: null,
				contents: null,
			},
			transform: null,
			inliers: 0,
			matches: 0,
			cells: [],
			grid: { cols: 0, rows: 0 },
			image: output ? await centreCrop(staged, full) : undefined,
		}
	}
	// Full size → work size, as libvips resizes (pixel centres line up): w = (x + 0.5)·k − 0.5.
	const sx = stagedWork.width / stagedFull.width
	const sy = stagedWork.height / stagedFull.height
	const [a, b, c, d, e, f] = found.m
	const [px, py] = [0.5 * kx - 0.5, 0.5 * ky - 0.5]
	// staged full = (M·(photo work) + 0.5) / s − 0.5
	const transform: Affine = [
		(a * kx) / sx,
		(b * ky) / sx,
		(a * px + b * py + c + 0.5) / sx - 0.5,
		(d * kx) / sy,
		(e * ky) / sy,
		(d * px + e * py + f + 0.5) / sy - 0.5,
	]
	const residualPx = found.residual === null ? null : found.residual / Math.min(kx, ky)

	const aligned = labels && alignLabels(labels.photo, labels.staged, found.m, work, stagedWork)
	const seen = labels && aligned ? { photo: labels.photo, aligned } : null
	const compared = compare(cv, p, s, work, stagedWork, found.m, mask, seen)
	mark('cells + verdict')
	const check = {
		...verdict(compared, residualPx),
		contents: seen && contents(seen.photo, seen.aligned, changedCells(compared)),
	}
	mark('segments')
	return {
		check,
		transform,
		inliers: found.inliers,
		matches: found.matches,
		cells: compared.cells,
		grid: compared.grid,
		image: output ? await warp(staged, stagedFull, full, transform) : undefined,
	}
}

async function maskPixels(mask: Buffer, { width, height }: Decoded) {
	try {
		const data = await sharp(mask, SHARP_INPUT_OPTIONS)
			.flatten({ background: '#000000' })
			.greyscale()
			.resize(width, height, { fit: 'fill' })
			.raw()
			.toBuffer()
		return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
	} catch {
		return null // an unreadable mask only loses the hint
	}
}

function grey(cv: OpenCv, pixels: Uint8Array, width: number, height: number) {
	const colour = new cv.Mat(height, width, cv.CV_8UC3)
	colour.data.set(pixels)
	const g = new cv.Mat()
	cv.cvtColor(colour, g, cv.COLOR_RGB2GRAY)
	return { colour, grey: g }
}

interface Found {
	m: Affine
	inliers: number
	matches: number
	/** Median distance of the inlier matches from the fit, work pixels; null when lined up by lightness. */
	residual: number | null
}

/** Registers an OpenCV object (Mat, vector, matcher) to be deleted when the work it was made for ends. */
type Keep = <T extends { delete(): void }>(x: T) => T

/** Runs `work` with a `keep` for its wasm-heap objects and deletes them all when it ends, however it ends. */
function disposing<R>(work: (keep: Keep) => R): R {
	const trash: { delete(): void }[] = []
	try {
		return work((x) => {
			trash.push(x)
			return x
		})
	} finally {
		for (const x of trash) x.delete()
	}
}

/** ORB features, ratio-tested brute-force Hamming matches, RANSAC affine: photo work → staged work pixels. */
/** ORB keypoints (positions, pyramid level) and descriptors, copied out of the wasm heap. */
interface Features {
	pts: Float32Array
	octave: Int8Array
	desc: Uint8Array
	rows: number
	cols: number
}

function features(cv: OpenCv, pixels: Uint8Array, size: Decoded): Features {
	const { colour, grey: g } = grey(cv, pixels, size.width, size.height)
	const orb = new cv.ORB(ORB_FEATURES, 1.2, ORB_LEVELS, 31, 0, 2)
	const none = new cv.Mat()
	const kp = new cv.KeyPointVector()
	const desc = new cv.Mat()
	try {
		orb.detectAndCompute(g, none, kp, desc)
		const n = kp.size()
		const pts = new Float32Array(2 * n)
		const octave = new Int8Array(n)
		for (let i = 0; i < n; i++) {
			const k = kp.get(i)
			pts[2 * i] = k.pt.x
			pts[2 * i + 1] = k.pt.y
			octave[i] = k.octave
		}
		return { pts, octave, desc: new Uint8Array(desc.data as Uint8Array), rows: desc.rows, cols: desc.cols }
	} finally {
		for (const m of [colour, g, orb, none, kp, desc]) m.delete()
	}
}

/**
 * The photo's work copy and features, for the next variations of the same room (a render brings
 * several): the photo is then neither decoded nor described again on this thread.
 */
const photoCache = new Map<string, { pixels: Uint8Array; features: Features }>()

/** Forgets the cached photos (the bench measures first checks with it). */
export const clearPhotoCache = () => photoCache.clear()

async function photoWork(cv: OpenCv, photo: Buffer, work: Decoded) {
	const key = `${createHash('sha1').update(photo).digest('hex')}/${work.width}x${work.height}`
	const hit = photoCache.get(key)
	if (hit) return hit
	const pixels = await rgb(photo, work.width, work.height, 'photo')
	const entry = { pixels, features: features(cv, pixels, work) }
	photoCache.set(key, entry)
	if (photoCache.size > 4) photoCache.delete(photoCache.keys().next().value!)
	return entry
}

/** Brute-force Hamming 2-NN with the ratio test, RANSAC affine, refit: photo work → staged work pixels. */
function align(cv: OpenCv, fa: Features, fb: Features, work: Decoded, stagedWork: Decoded): Found | null {
	return disposing((keep) => {
		if (fa.rows < MIN_INLIERS || fb.rows < MIN_INLIERS) return null
		const dA = keep(new cv.Mat(fa.rows, fa.cols, cv.CV_8U))
		dA.data.set(fa.desc)
		const dB = keep(new cv.Mat(fb.rows, fb.cols, cv.CV_8U))
		dB.data.set(fb.desc)
		const matcher = keep(new cv.BFMatcher(cv.NORM_HAMMING, false))
		const knn = keep(new cv.DMatchVectorVector())
		matcher.knnMatch(dA, dB, knn, 2)
		mark('match')
		const from: number[] = []
		const to: number[] = []
		const fine: boolean[] = []
		for (let i = 0; i < knn.size(); i++) {
			const pair = knn.get(i)
			if (pair.size() >= 2) {
				const first = pair.get(0)
				const second = pair.get(1)
				if (first.distance < RATIO * second.distance) {
					const [a, b] = [first.queryIdx, first.trainIdx]
					from.push(fa.pts[2 * a], fa.pts[2 * a + 1])
					to.push(fb.pts[2 * b], fb.pts[2 * b + 1])
					fine.push(fa.octave[a] === 0 && fb.octave[b] === 0)
				}
			}
			pair.delete()
		}
		const matches = from.length / 2
		if (matches < MIN_INLIERS) return null
		const src = keep(cv.matFromArray(matches, 1, cv.CV_32FC2, from))
		const dst = keep(cv.matFromArray(matches, 1, cv.CV_32FC2, to))
		const inlierMask = keep(new cv.Mat())
		const model = keep(cv.estimateAffine2D(src, dst, inlierMask, cv.RANSAC, RANSAC_PX, 4000, 0.995, 10))
		if (model.rows !== 2) return null
		let m = Array.from(model.data64F as Float64Array) as Affine
		// ORB finds keypoints on a pyramid; those of the full-resolution level are located ~2× better
		// than the next level's: refit on them (least squares) when there are enough.
		const chosen: number[] = []
		for (let i = 0; i < matches; i++) if (inlierMask.data[i] && fine[i]) chosen.push(i)
		if (chosen.length >= 3 * MIN_INLIERS) m = leastSquares(from, to, chosen) ?? m
		const errors: number[] = []
		for (let i = 0; i < matches; i++) {
			if (!inlierMask.data[i]) continue
			const [x, y] = [from[2 * i], from[2 * i + 1]]
			errors.push(Math.hypot(m[0] * x + m[1] * y + m[2] - to[2 * i], m[3] * x + m[4] * y + m[5] - to[2 * i + 1]))
		}
		const inliers = errors.length
		if (inliers < MIN_INLIERS || inliers < MIN_INLIER_SHARE * matches) return null
		if (!plausible(m, work, stagedWork)) return null
		errors.sort((x, y) => x - y)
		return { m, inliers, matches, residual: errors[Math.floor(errors.length / 2)] }
	})
}

/**
 * When too few keypoints match (a small or softened image, a room relit from dark to bright), the
 * frames are lined up by their lightness instead: OpenCV's ECC (enhanced correlation coefficient:
 * the affine warp that maximises the zero-mean normalised correlation, so indifferent to exposure
 * and contrast) from "the same frame", where a generative model answers far more often than not.
 * Accepted when the correlation reaches ECC.least and the warp stays within what a vendor does (on
 * the real pairs: 4 of the 7 relit or softened rooms keypoints could not match, no restyled room).
 * There are no matches, so no residual.
 */
export const ECC = {
	least: 0.75,
	giveUp: 0.6,
	levels: [0.25, 0.5, 1],
	iterations: [50, 25, 10],
	epsilon: 1e-5,
	blur: 5,
}

/**
 * ECC at a quarter, a half and then the whole work size, each level starting from the last one's
 * warp and running fewer iterations: 60 at the work size alone cost 1.1 s of CPU for an answer of
 * another room, this ~0.08 s more than keypoints alone; a correlation under ECC.giveUp at any level
 * ends it there.
 */
function alignByLightness(cv: OpenCv, p: Uint8Array, s: Uint8Array, work: Decoded, stagedWork: Decoded): Found | null {
	return disposing((keep) => {
		const photo = grey(cv, p, work.width, work.height)
		const staged = grey(cv, s, stagedWork.width, stagedWork.height)
		for (const m of [photo.colour, photo.grey, staged.colour, staged.grey]) keep(m)
		// Photo work → staged work pixels, pixel centres lined up (as libvips resizes): x' = A·x + t.
		const [kx, ky] = [stagedWork.width / work.width, stagedWork.height / work.height]
		let m: Affine = [kx, 0, 0.5 * kx - 0.5, 0, ky, 0.5 * ky - 0.5]
		let rho = 0
		for (const [level, g] of ECC.levels.entries()) {
			const small = (image: OpenCv) => {
				if (g === 1) return image
				const out = keep(new cv.Mat())
				cv.resize(image, out, new cv.Size(Math.round(image.cols * g), Math.round(image.rows * g)), 0, 0, cv.INTER_AREA)
				return out
			}
			// At scale g both images' pixels map as x_g = g·x + c, c = (g − 1)/2: A stays, t_g = g·t + c − A·(c, c).
			const c = (g - 1) / 2
			const toLevel = (t: number, a: number, b: number) => g * t + c - (a + b) * c
			const fromLevel = (t: number, a: number, b: number) => (t - c + (a + b) * c) / g
			const warp = keep(
				cv.matFromArray(2, 3, cv.CV_32F, [
					m[0],
					m[1],
					toLevel(m[2], m[0], m[1]),
					m[3],
					m[4],
					toLevel(m[5], m[3], m[4]),
				]),
			)
			const criteria = new cv.TermCriteria(
				cv.TermCriteria_COUNT + cv.TermCriteria_EPS,
				ECC.iterations[level],
				ECC.epsilon,
			)
			try {
				rho = cv.findTransformECC(
					small(photo.grey),
					small(staged.grey),
					warp,
					cv.MOTION_AFFINE,
					criteria,
					keep(new cv.Mat()),
					ECC.blur,
				)
			} catch {
				return null // ECC did not converge: no alignment
			}
			const w = warp.data32F as Float32Array
			m = [w[0], w[1], fromLevel(w[2], w[0], w[1]), w[3], w[4], fromLevel(w[5], w[3], w[4])]
			if (rho < ECC.giveUp) return null
		}
		if (!(rho >= ECC.least) || !plausible(m, work, stagedWork)) return null
		return { m, inliers: 0, matches: 0, residual: null }
	})
}

/** A vendor crops, shifts and straightens a little; anything else is no alignment of this room. */
function plausible(m: Affine, work: Decoded, stagedWork: Decoded) {
	const sxs = Math.hypot(m[0], m[3]) / (stagedWork.width / work.width)
	const sys = Math.hypot(m[1], m[4]) / (stagedWork.height / work.height)
	const angle = Math.abs(Math.atan2(m[3], m[0]) * (180 / Math.PI))
	return sxs >= 0.6 && sxs <= 1.6 && sys >= 0.6 && sys <= 1.6 && angle <= 10
}

/** The affine map minimising squared distances from[i] → to[i] over `chosen`, or null when degenerate. */
function leastSquares(from: number[], to: number[], chosen: number[]): Affine | null {
	// Normal equations of [x y 1]·[a b c]ᵀ = x' (and likewise for y'), centred for conditioning.
	let [mx, my] = [0, 0]
	for (const i of chosen) {
		mx += from[2 * i]
		my += from[2 * i + 1]
	}
	mx /= chosen.length
	my /= chosen.length
	let [sxx, sxy, syy, sx, sy, n] = [0, 0, 0, 0, 0, 0]
	const bx = [0, 0, 0]
	const by = [0, 0, 0]
	for (const i of chosen) {
		const x = from[2 * i] - mx
		const y = from[2 * i + 1] - my
		const [u, v] = [to[2 * i], to[2 * i + 1]]
		sxx += x * x
		sxy += x * y
		syy += y * y
		sx += x
		sy += y
		n++
		bx[0] += x * u
		bx[1] += y * u
		bx[2] += u
		by[0] += x * v
		by[1] += y * v
		by[2] += v
	}
	const N = [
		[sxx, sxy, sx],
		[sxy, syy, sy],
		[sx, sy, n],
	]
	const solve = (b: number[]) => {
		const det = (m: number[][]) =>
			m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
			m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
			m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
		const d = det(N)
		if (Math.abs(d) < 1e-9) return null
		return [0, 1, 2].map((k) => det(N.map((row, r) => row.map((value, c) => (c === k ? b[r] : value)))) / d)
	}
	const X = solve(bx)
	const Y = solve(by)
	if (!X || !Y) return null
	// Undo the centring: u = a(x − mx) + b(y − my) + c.
	return [X[0], X[1], X[2] - X[0] * mx - X[1] * my, Y[0], Y[1], Y[2] - Y[0] * mx - Y[1] * my]
}

interface Compared {
	/**
	 * `class` as the check reads the cell; `pixels` as the pixels alone read it (before the
	 * segmentation's say); `moved`: the pixels changed, even in a relit room (what came and went).
	 */
	cells: (CellFeatures & { class: CellClass; pixels: CellClass; moved: boolean })[]
	grid: { cols: number; rows: number }
	/** Share of the compared cells that changed in any way. */
	changed: number
	/** Shares of the photo's width (left, right) and height (top, bottom) the staged image's frame leaves out. */
	crop: Crop
}

export interface Crop {
	left: number
	right: number
	top: number
	bottom: number
}

/** 8-bit lightness (grading undone) at or beyond which a pixel is blown out or crushed. */
const CLIPPED = { high: 250, low: 5 }

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
	/** Lightness variance (8-bit L²) under which a cell is flat and its correlation meaningless. */
	flatVariance: 1,
	/** Share of the compared cells changed above which the whole room counts as redrawn. */
	room: 0.6,
}

function compare(
	cv: OpenCv,
	p: Uint8Array,
	s: Uint8Array,
	work: Decoded,
	stagedWork: Decoded,
	m: Affine,
	mask: Uint8Array | null,
	labels: { photo: Labels; aligned: Uint8Array } | null,
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
		normaliseGrading(P, A, valid)
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
		const seen = labels && cellRegions(labels.photo, labels.aligned, cols, rows)
		const acc = Array.from({ length: 20 }, () => new Float64Array(K))
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
				zncc: varP > T.flatVariance && varA > T.flatVariance ? cov / Math.sqrt(varP * varA) : Number.NaN,
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
				seen: seen?.[k] ?? null,
			})
		}
		// What grading is left after the pixel statistics, measured where the room is plainly the
		// same (large furniture biases whole-image medians): dL as a line in L, da and db as offsets.
		const steady = raw.filter((c) => c.zncc > 0.8)
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
		const light = relit(features)
		const cells = features.map((f) => {
			const pixels = f.masked > 0.3 ? ('same' as const) : classifyPixels(f)
			const lit = light && hueKept(f, RELIT.shade)
			return {
				...f,
				class: lit ? ('same' as const) : classify(f),
				pixels: lit ? ('same' as const) : pixels,
				moved: pixels !== 'same',
			}
		})
		const changed = cells.filter((c) => c.class !== 'same').length
		return { cells, grid: { cols, rows }, changed: cells.length ? changed / cells.length : 0, crop }
	})
}

/** The cells whose pixels changed (whatever the segmentation says), for naming what came and went. */
function changedCells({ cells, grid }: Compared): ChangedCells {
	const changed = new Uint8Array(grid.cols * grid.rows)
	for (const c of cells) if (c.moved) changed[c.row * grid.cols + c.col] = 1
	return { ...grid, changed }
}

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

/** A cell's colour moved less than `shade` in hue and saturation (a and b), however much lighter or darker. */
const hueKept = (f: CellFeatures, shade = T.shade) => Math.sqrt(Math.max(0, f.dE ** 2 - f.dL ** 2)) < shade

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

function classify(f: CellFeatures): CellClass {
	if (f.masked > 0.3) return 'same'
	const found = classifyPixels(f)
	const seen = f.seen
	if (found === 'same' || !seen) return found
	// A window or door of the photo that the answer shows as wall, where the pixels changed too, was
	// walled up (on its own, the model's outline of a door wavers by a few pixels between images).
	if (seen.openingP >= SEEN.opening && seen.walledUp >= SEEN.walledUp) return 'erased'
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
 */
export const SEEN = { opening: 0.3, walledUp: 0.6, placedAnswer: 0.75, freePhoto: 0.25 }

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

type Cell = Compared['cells'][number]

/**
 * Connected groups of cells of one class that pass `where`: 8-neighbours, or, when `linked` is
 * given, 4-neighbours for which `linked` holds (a chain of alike cells).
 */
function blobs(
	cells: Compared['cells'],
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
export const MIN_CELLS = { surface: 3, erased: 2, replaced: 6, covering: 7, strongSurface: 2, flattened: 4 }
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

function side(x: number) {
	return x < 0.36 ? 'on the left' : x > 0.64 ? 'on the right' : 'in the centre'
}

/**
 * The sentence for a changed area, named by where it is as a person would: the top band is the
 * ceiling, the bottom band the floor, anything between is said by `wall`.
 */
function surfaceNote(r: ChangedRegion, ceiling: string, wall: string) {
	const cy = r.y + r.height / 2
	if (cy < 0.22) return ceiling
	if (cy > 0.72) return 'The floor looks different'
	return wall
}

function verdict(compared: Compared, residualPx: number | null): Omit<RoomCheck, 'contents'> {
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

/** A side the staged image leaves out of its frame is noted from this share of the photo's width or height. */
export const CROP_NOTED = 0.02

/**
 * What an answer that passed leaves out of the photo, said once: a generative model may zoom in or
 * shift the frame, and nothing outside it is compared (a window there is not "gone"). Null when the
 * frame keeps all but slivers of the photo.
 */
function cropNote(crop: Crop) {
	const sides = (['top', 'bottom', 'left', 'right'] as const).filter((side) => crop[side] >= CROP_NOTED)
	const percent = (share: number) => `${Math.round(share * 100)} %`
	if (!sides.length) return null
	if (sides.length === 4) {
		const [least, most] = [Math.min(...sides.map((s) => crop[s])), Math.max(...sides.map((s) => crop[s]))]
		const range = percent(least) === percent(most) ? percent(most) : `${Math.round(least * 100)}–${percent(most)}`
		return `The staged image is zoomed in: it leaves out ${range} of the photo at every edge`
	}
	const listed = sides.map((side) => `the ${side} ${percent(crop[side])}`)
	const list = listed.length > 1 ? `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}` : listed[0]
	return `The staged image is cropped: it leaves out ${list} of the photo`
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

/** The staged image, upright, scaled to cover the photo's size and cropped from the centre: what fitToPhoto does. */
const centreCrop = (staged: Buffer, full: Decoded) => coverPhotoSize(sharp(staged, SHARP_INPUT_OPTIONS).rotate(), full)

/**
 * The staged image resampled onto the photo's pixel grid at full size with libvips' affine
 * (multi-threaded, ~3× faster than OpenCV's wasm at 12 MP): out(x) = staged(T·x).
 * sharp's affine maps input to output, out = A·in + offset, and places its output at the
 * bounding box of A·in (offset not included), whose corner is min A·corner rounded (measured: a
 * floor is 1 px off for a turned image); the offset's
 * integer part is applied by cropping afterwards so nothing is clipped at that box's edge.
 */
async function warp(staged: Buffer, stagedFull: Decoded, full: Decoded, t: Affine) {
	const [a, b, c, d, e, f] = t
	const det = a * e - b * d
	const A: [number, number, number, number] = [e / det, -b / det, -d / det, a / det]
	const ox = -(A[0] * c + A[1] * f)
	const oy = -(A[2] * c + A[3] * f)
	const corners = [
		[0, 0],
		[stagedFull.width, 0],
		[0, stagedFull.height],
		[stagedFull.width, stagedFull.height],
	]
	const minX = -Math.round(-Math.min(...corners.map(([x, y]) => A[0] * x + A[1] * y)))
	const minY = -Math.round(-Math.min(...corners.map(([x, y]) => A[2] * x + A[3] * y)))
	const ix = Math.floor(ox)
	const iy = Math.floor(oy)
	const { data, info } = await sharp(staged, SHARP_INPUT_OPTIONS)
		.rotate()
		.flatten({ background: '#ffffff' })
		.affine(A, { odx: ox - ix, ody: oy - iy, interpolator: 'bilinear', background: '#000000' })
		.raw()
		.toBuffer({ resolveWithObject: true })
	// The photo's pixel (x, y) is at (x - sx, y - sy) of `data`.
	const sx = ix + minX
	const sy = iy + minY
	const x0 = Math.max(0, sx)
	const y0 = Math.max(0, sy)
	const x1 = Math.min(full.width, sx + info.width)
	const y1 = Math.min(full.height, sy + info.height)
	if (x1 <= x0 || y1 <= y0) return centreCrop(staged, full)
	let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).extract({
		left: x0 - sx,
		top: y0 - sy,
		width: x1 - x0,
		height: y1 - y0,
	})
	if (x0 > 0 || y0 > 0 || x1 < full.width || y1 < full.height)
		image = image.extend({
			left: x0,
			top: y0,
			right: full.width - x1,
			bottom: full.height - y1,
			background: '#000000',
		})
	return image.jpeg(JPEG_OPTIONS).toBuffer()
}
