/**
 * The room check's second stage: the staged answer lined up with the photo (an affine map from
 * photo to answer pixels) by ORB keypoints and RANSAC, or by lightness (ECC) when keypoints do not
 * match; then, for the delivered image, the answer resampled onto the photo's grid at full size.
 * See index.ts for the method and its figures.
 */
import { createHash } from 'node:crypto'
import { sharp } from '#core/platform/sharp.ts'
import { coverPhotoSize, JPEG_OPTIONS, SHARP_INPUT_OPTIONS } from '#core/render/jpeg.ts'
import { type Decoded, rgb } from './decode.ts'
import { disposing, type OpenCv } from './opencv.ts'
import { mark } from './profile.ts'

/** Longest side, in pixels, of the copies that features are found on. */
export const WORK_SIZE = 640

const ORB_FEATURES = 1000

const ORB_LEVELS = 4

const RATIO = 0.8

const RANSAC_PX = 2.5

const MIN_INLIERS = 24

const MIN_INLIER_SHARE = 0.2

/** The affine map from photo pixels to staged pixels, both at full size: [a, b, c, d, e, f] as x' = ax+by+c, y' = dx+ey+f. */
export type Affine = [number, number, number, number, number, number]

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

/** ORB keypoints (positions, pyramid level) and descriptors, copied out of the wasm heap. */
interface Features {
	pts: Float32Array
	octave: Int8Array
	desc: Uint8Array
	rows: number
	cols: number
}

export function features(cv: OpenCv, pixels: Uint8Array, size: Decoded): Features {
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

export async function photoWork(cv: OpenCv, photo: Buffer, work: Decoded) {
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
export function align(cv: OpenCv, fa: Features, fb: Features, work: Decoded, stagedWork: Decoded): Found | null {
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
export function alignByLightness(
	cv: OpenCv,
	p: Uint8Array,
	s: Uint8Array,
	work: Decoded,
	stagedWork: Decoded,
): Found | null {
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

/** The staged image, upright, scaled to cover the photo's size and cropped from the centre: what fitToPhoto does. */
export const centreCrop = (staged: Buffer, full: Decoded) =>
	coverPhotoSize(sharp(staged, SHARP_INPUT_OPTIONS).rotate(), full)

/**
 * The staged image resampled onto the photo's pixel grid at full size with libvips' affine
 * (multi-threaded, ~3× faster than OpenCV's wasm at 12 MP): out(x) = staged(T·x).
 * sharp's affine maps input to output, out = A·in + offset, and places its output at the
 * bounding box of A·in (offset not included), whose corner is min A·corner rounded (measured: a
 * floor is 1 px off for a turned image); the offset's
 * integer part is applied by cropping afterwards so nothing is clipped at that box's edge.
 */
export async function warp(staged: Buffer, stagedFull: Decoded, full: Decoded, t: Affine) {
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
