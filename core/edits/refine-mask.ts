/**
 * A segment of the 129×129 label map brought to the image's own edges with OpenCV's GrabCut
 * (Rother, Kolmogorov, Blake 2004: colour models of the object and its surroundings, then a
 * graph cut that follows the image's edges). The label map places an outline to within about a
 * label pixel (8 px at the working size), so GrabCut is seeded with what it says: sure
 * foreground well inside the segment, probable foreground on its edge, probable background in a
 * band around it, sure background beyond; it then only decides the band. It runs on the segment's
 * box and band alone, so a chair costs a small crop's work, not the photo's.
 */
import { disposing, type OpenCv } from '#core/staging/room-check/opencv.ts'
import type { Mask } from './mask.ts'

/**
 * Half-width of the band GrabCut decides, in label pixels of the 129×129 map stretched over the
 * image: the segmentation's outlines are off by about one label pixel (the 129×129 scores against
 * the 513×513 output agree on 98.4 % of pixels, the rest along outlines), so one and a half.
 */
export const BAND_LABEL_PIXELS = 1.5

/** GrabCut's rounds: the cut settles within three on the corpus's chairs and sofas. */
const ROUNDS = 3

/**
 * Most pixels GrabCut works on by default: a larger crop (a sofa across the photo) is cut at a
 * smaller scale and the cut scaled back, as OpenCV's wasm build (no SIMD, no threads) takes ~0.5 s
 * of CPU for 200 000.
 */
export const MOST_PIXELS = 120_000

/** An RGB image, three bytes a pixel, row by row. */
export interface Rgb {
	width: number
	height: number
	data: Uint8Array
}

/**
 * `seed` (a Mask of the image's size, set where the segmentation says the thing is, as
 * labelMaskAt makes it) refined to the image's edges with GrabCut. `labelsSize` is the label map's
 * side, to size the band; `mostPixels` bounds the work (MOST_PIXELS). Returns a 0/255 Mask of the
 * same size.
 */
export function refineToEdges(cv: OpenCv, image: Rgb, seed: Mask, labelsSize: number, mostPixels = MOST_PIXELS): Mask {
	const { width, height } = image
	const band = Math.max(3, Math.round((BAND_LABEL_PIXELS * Math.max(width, height)) / labelsSize))
	return disposing((keep) => {
		// The label map's stair-steps smoothed (a blurred copy cut at half) before anything is measured on them.
		const raw = keep(new cv.Mat(height, width, cv.CV_8UC1))
		raw.data.set(seed.data)
		const smooth = keep(new cv.Mat())
		cv.GaussianBlur(raw, smooth, new cv.Size(0, 0), band / 2)
		const inside = keep(new cv.Mat())
		cv.threshold(smooth, inside, 127, 255, cv.THRESH_BINARY)
		const kernel = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * band + 1, 2 * band + 1)))
		const around = keep(new cv.Mat())
		const core = keep(new cv.Mat())
		cv.dilate(inside, around, kernel)
		cv.erode(inside, core, kernel)
		const out = new Uint8Array(width * height)
		const A = around.data as Uint8Array
		// The crop GrabCut works on: the band's box and as much again around it for background colours.
		let [x0, y0, x1, y1] = [width, height, -1, -1]
		for (let y = 0, i = 0; y < height; y++)
			for (let x = 0; x < width; x++, i++)
				if (A[i]) {
					x0 = Math.min(x0, x)
					y0 = Math.min(y0, y)
					x1 = Math.max(x1, x)
					y1 = Math.max(y1, y)
				}
		if (x1 < 0) return { width, height, data: out }
		x0 = Math.max(0, x0 - band)
		y0 = Math.max(0, y0 - band)
		x1 = Math.min(width - 1, x1 + band)
		y1 = Math.min(height - 1, y1 + band)
		const [w, h] = [x1 - x0 + 1, y1 - y0 + 1]
		const rect = new cv.Rect(x0, y0, w, h)
		const colour = keep(new cv.Mat(height, width, cv.CV_8UC3))
		colour.data.set(image.data)
		const crop = keep(colour.roi(rect).clone())
		const labels = keep(new cv.Mat(h, w, cv.CV_8UC1))
		const [I, C, L] = [inside.data as Uint8Array, core.data as Uint8Array, labels.data as Uint8Array]
		let background = 0
		for (let y = 0, k = 0; y < h; y++)
			for (let x = 0; x < w; x++, k++) {
				const i = (y + y0) * width + x + x0
				L[k] = C[i] ? cv.GC_FGD : I[i] ? cv.GC_PR_FGD : A[i] ? cv.GC_PR_BGD : cv.GC_BGD
				if (L[k] === cv.GC_BGD) background++
			}
		// GrabCut needs background to learn from: a thing that fills the photo is taken as the segment says.
		if (background < 64) {
			out.set(I)
			return { width, height, data: out }
		}
		// A large crop is cut smaller; the cut's probable labels are then scaled back and cut at half.
		const k = Math.min(1, Math.sqrt(mostPixels / (w * h)))
		const small = new cv.Size(Math.max(1, Math.round(w * k)), Math.max(1, Math.round(h * k)))
		const [cropAt, labelsAt] = k < 1 ? [keep(new cv.Mat()), keep(new cv.Mat())] : [crop, labels]
		if (k < 1) {
			cv.resize(crop, cropAt, small, 0, 0, cv.INTER_AREA)
			cv.resize(labels, labelsAt, small, 0, 0, cv.INTER_NEAREST)
		}
		const bgModel = keep(new cv.Mat())
		const fgModel = keep(new cv.Mat())
		cv.grabCut(
			cropAt,
			labelsAt,
			new cv.Rect(0, 0, small.width, small.height),
			bgModel,
			fgModel,
			ROUNDS,
			cv.GC_INIT_WITH_MASK,
		)
		const cutAt = labelsAt.data as Uint8Array
		const fg = keep(new cv.Mat(labelsAt.rows, labelsAt.cols, cv.CV_8UC1))
		const F = fg.data as Uint8Array
		for (let i = 0; i < F.length; i++) F[i] = cutAt[i] === cv.GC_FGD || cutAt[i] === cv.GC_PR_FGD ? 255 : 0
		const full = k < 1 ? keep(new cv.Mat()) : fg
		if (k < 1) {
			cv.resize(fg, full, new cv.Size(w, h), 0, 0, cv.INTER_LINEAR)
			cv.threshold(full, full, 127, 255, cv.THRESH_BINARY)
		}
		const cut = full.data as Uint8Array
		for (let y = 0, j = 0; y < h; y++) for (let x = 0; x < w; x++, j++) if (cut[j]) out[(y + y0) * width + x + x0] = 255
		return { width, height, data: out }
	})
}
