/**
 * The local preview's item removal: what the mask covers painted out with OpenCV's inpainting
 * (Telea 2004, fast marching: each pixel filled from the known pixels around it, from the mask's
 * edge inwards), at the working size (mask.ts EDIT_SIZE), then laid back over the full-size photo
 * only inside the mask and a feathered rim, so every pixel outside them is the photo's own, byte
 * for byte. It has no idea what is behind a thing: it continues the floor and wall around it,
 * which reads true for a bin, a cable, a small chair, and as a smudge for anything larger.
 */
import { disposing, type Keep, type OpenCv } from '#core/staging/room-check/opencv.ts'
import type { Mask } from './mask.ts'
import type { Rgb } from './refine-mask.ts'

/**
 * What inpainting fills credibly, as shares of the photo. `reach`: no masked pixel farther than
 * this from the mask's edge (as a share of the photo's longest side: 5.5 %, 56 px at the working
 * size; a thing up to 11 % of the photo across). Inpainting carries the colours of the edge
 * inwards and nothing of their texture, so the middle of a fill is a flat blend: by eye on the
 * corpus, pair 36's pendant lamp and potted plant (reach 4.9–5 %) go, leaving a soft patch of wall
 * and curtain; pair 69's coffee table (6 %) leaves a table-shaped grey smudge on the rug, and its
 * sofa (13 %) a grey smear. `area`: at most 5 % of the photo in all, as many fills read as a photo
 * retouched all over.
 */
export const INPAINT_LIMITS = { reach: 0.055, area: 0.05 }

/** The mask is grown by this much (working pixels) before filling: a thing's soft edge and its contact shadow go with it. */
const GROW = 3

/** Width of the rim (working pixels) over which the fill fades into the photo. */
const FEATHER = 4

/** Telea's neighbourhood (working pixels). */
const RADIUS = 5

export class MaskTooLargeError extends Error {}

export interface Removed {
	/** The photo at its own size with the masked things painted out, RGB. */
	pixels: Uint8Array
	width: number
	height: number
	/** At the photo's size: how much of the fill each pixel took (0: the photo's own pixel, untouched). */
	changed: Mask
}

/**
 * `photo` (RGB at its full size) with what `mask` covers (a Mask at the working size, editSize of
 * the photo) painted out. Throws MaskTooLargeError, saying why, for a mask past INPAINT_LIMITS.
 */
export function removeLocally(cv: OpenCv, photo: Rgb, mask: Mask): Removed {
	const { width: W, height: H } = mask
	return disposing((keep) => {
		const grown = grownMask(cv, keep, mask)
		refuseLarge(cv, keep, grown)
		// The photo at the working size, filled there.
		const full = keep(new cv.Mat(photo.height, photo.width, cv.CV_8UC3))
		full.data.set(photo.data)
		const small = keep(new cv.Mat())
		cv.resize(full, small, new cv.Size(W, H), 0, 0, cv.INTER_AREA)
		const filled = keep(new cv.Mat())
		cv.inpaint(small, grown, filled, RADIUS, cv.INPAINT_TELEA)
		// Weight of the fill: 1 on the grown mask, fading to 0 over the rim.
		const rim = keep(new cv.Mat())
		cv.dilate(grown, rim, disc(cv, keep, Math.ceil(FEATHER / 2)))
		const alpha = keep(new cv.Mat())
		cv.GaussianBlur(rim, alpha, new cv.Size(2 * FEATHER + 1, 2 * FEATHER + 1), FEATHER / 2)
		cv.max(alpha, grown, alpha)
		return composite(photo, filled.data as Uint8Array, alpha.data as Uint8Array, W, H)
	})
}

/**
 * Throws MaskTooLargeError, as removeLocally would, for a mask past INPAINT_LIMITS: the studio says
 * so when the removal is asked for, before anything is stored or queued.
 */
export function assertRemovable(cv: OpenCv, mask: Mask) {
	disposing((keep) => refuseLarge(cv, keep, grownMask(cv, keep, mask)))
}

/** The mask as a binary Mat, grown by GROW: what is filled. */
function grownMask(cv: OpenCv, keep: Keep, mask: Mask) {
	const m = keep(new cv.Mat(mask.height, mask.width, cv.CV_8UC1))
	m.data.set(mask.data)
	cv.threshold(m, m, 127, 255, cv.THRESH_BINARY)
	const grown = keep(new cv.Mat())
	cv.dilate(m, grown, disc(cv, keep, GROW))
	return grown
}

const disc = (cv: OpenCv, keep: Keep, r: number) =>
	keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * r + 1, 2 * r + 1)))

/** Refuses a mask whose farthest pixel from its edge, or whose area, is past INPAINT_LIMITS. */
function refuseLarge(cv: OpenCv, keep: Keep, grown: OpenCv) {
	const [W, H] = [grown.cols, grown.rows]
	const area = cv.countNonZero(grown) / (W * H)
	const distance = keep(new cv.Mat())
	cv.distanceTransform(grown, distance, cv.DIST_L2, 5)
	const reach = cv.minMaxLoc(distance).maxVal / Math.max(W, H)
	const percent = (x: number) => `${Math.round(x * 100)} %`
	if (reach > INPAINT_LIMITS.reach)
		throw new MaskTooLargeError(
			`The local preview paints out only small things: this selection is ${percent(2 * reach)} of the photo across at its widest, and past ${percent(2 * INPAINT_LIMITS.reach)} its fill is a blur. Select less, or turn on a staging provider.`,
		)
	if (area > INPAINT_LIMITS.area)
		throw new MaskTooLargeError(
			`The local preview paints out only small things: this selection covers ${percent(area)} of the photo, more than ${percent(INPAINT_LIMITS.area)}. Select less, or turn on a staging provider.`,
		)
}

/**
 * The photo with the fill laid over it at full size: each full-size pixel whose weight, sampled
 * bilinearly from the working size, is above 0 takes that share of the fill (also sampled
 * bilinearly); every other pixel is copied as it was.
 */
function composite(photo: Rgb, fill: Uint8Array, alpha: Uint8Array, W: number, H: number): Removed {
	const { width, height } = photo
	const pixels = new Uint8Array(photo.data)
	const changed = new Uint8Array(width * height)
	const [kx, ky] = [W / width, H / height]
	for (let y = 0; y < height; y++) {
		const v = Math.min(H - 1, Math.max(0, (y + 0.5) * ky - 0.5))
		const v0 = Math.floor(v)
		const v1 = Math.min(H - 1, v0 + 1)
		const fv = v - v0
		for (let x = 0; x < width; x++) {
			const u = Math.min(W - 1, Math.max(0, (x + 0.5) * kx - 0.5))
			const u0 = Math.floor(u)
			const u1 = Math.min(W - 1, u0 + 1)
			const fu = u - u0
			const [i00, i01, i10, i11] = [v0 * W + u0, v0 * W + u1, v1 * W + u0, v1 * W + u1]
			if (!(alpha[i00] | alpha[i01] | alpha[i10] | alpha[i11])) continue
			const [w00, w01, w10, w11] = [(1 - fu) * (1 - fv), fu * (1 - fv), (1 - fu) * fv, fu * fv]
			const a = (alpha[i00] * w00 + alpha[i01] * w01 + alpha[i10] * w10 + alpha[i11] * w11) / 255
			if (a <= 0) continue
			const i = y * width + x
			changed[i] = Math.max(1, Math.round(a * 255))
			for (let c = 0; c < 3; c++) {
				const f = fill[3 * i00 + c] * w00 + fill[3 * i01 + c] * w01 + fill[3 * i10 + c] * w10 + fill[3 * i11 + c] * w11
				pixels[3 * i + c] = Math.round(pixels[3 * i + c] * (1 - a) + f * a)
			}
		}
	}
	return { pixels, width, height, changed: { width, height, data: changed } }
}
