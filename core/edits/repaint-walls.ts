/**
 * The local preview's wall repaint, as paint visualisers do it: the walls (the segmentation's wall
 * class, refined to the photo's edges, refine-mask.ts) take the colour asked while keeping their
 * light. In CIE Lab (colour.ts) each wall pixel's lightness is shifted so the walls' median
 * lightness becomes the colour's (the shading, the light from the window, the shadow in a corner
 * stay as they were, relative to it), and a and b become the colour's; the edge is feathered.
 * Lightness depends on luminance alone, and with a and b fixed the new colour depends on lightness
 * alone, so the whole repaint is three table look-ups a pixel: 12 MP in well under a second.
 */
import { sharp } from '#core/platform/sharp.ts'
import { JPEG_OPTIONS, SHARP_INPUT_OPTIONS } from '#core/render/jpeg.ts'
import { disposing, type OpenCv } from '#core/staging/room-check/opencv.ts'
import type { Labels } from '#core/staging/room-check/segment.ts'
import { type Lab, LINEAR, labToRgb, lightness, rgbToLab } from './colour.ts'
import { editSize, labelMaskAt, type Mask } from './mask.ts'
import { componentMask, LEAST_SURFACE, surfaceMask } from './objects.ts'
import { type Rgb, refineToEdges } from './refine-mask.ts'

/** Steps of the lightness tables over 0–100 (0.1 L each: finer than a byte of sRGB anywhere). */
const STEPS = 1000

/**
 * Most pixels GrabCut refines the walls on (refine-mask.ts): walls span the photo, so they are cut
 * at about 290×200 and the cut scaled back to the working size, which keeps the repaint of a
 * 12 MP photo within a second of CPU (bench/wall-repaint.bench.ts); the feathered edge hides the
 * coarser step.
 */
const WALL_PIXELS = 60_000

/** Sigma of the feathered edge, in working pixels. */
const FEATHER = 1.5

export interface Repainted {
	/** The photo at its own size, walls repainted, RGB. */
	pixels: Uint8Array
	width: number
	height: number
	/** The walls as repainted, at the working size: how much of the new colour each pixel took. */
	walls: Mask
}

/**
 * `photo` (RGB, full size) with its walls in `colour` (sRGB bytes). `work` is the photo at the
 * working size (mask.ts editSize), where the walls are found; `labels` its label map. Walls the
 * photo does not show (under 1 % of it) leave it unchanged.
 */
export function repaintWalls(
	cv: OpenCv,
	photo: Rgb,
	work: Rgb,
	labels: Labels,
	colour: [number, number, number],
): Repainted {
	const seed = labelMaskAt(largePatches(labels, surfaceMask(labels, 'walls')), labels.size, work)
	const walls = refineToEdges(cv, work, seed, labels.size, WALL_PIXELS)
	const alpha = disposing((keep) => {
		const m = keep(new cv.Mat(work.height, work.width, cv.CV_8UC1))
		m.data.set(walls.data)
		const soft = keep(new cv.Mat())
		cv.GaussianBlur(m, soft, new cv.Size(0, 0), FEATHER)
		const full = keep(new cv.Mat())
		cv.resize(soft, full, new cv.Size(photo.width, photo.height), 0, 0, cv.INTER_LINEAR)
		return {
			work: { width: work.width, height: work.height, data: new Uint8Array(soft.data as Uint8Array) },
			full: new Uint8Array(full.data as Uint8Array),
		}
	})
	// Luminance → lightness step, through a table of luminance (Y) at 1/65536 steps.
	const Y_STEPS = 65536
	const yToStep = new Uint16Array(Y_STEPS + 1)
	for (let k = 0; k <= Y_STEPS; k++) yToStep[k] = Math.round((lightness(k / Y_STEPS) / 100) * (STEPS - 1))
	const [R, G, B] = [0.2126729, 0.7151522, 0.072175].map((w) => Float64Array.from(LINEAR, (v) => v * w * Y_STEPS))
	const stepOf = (d: Uint8Array, i: number) =>
		yToStep[Math.min(Y_STEPS, Math.round(R[d[3 * i]] + G[d[3 * i + 1]] + B[d[3 * i + 2]]))]
	// The walls' median lightness, on the working copy's sure wall pixels.
	const histogram = new Uint32Array(STEPS)
	let count = 0
	for (let i = 0; i < walls.data.length; i++)
		if (walls.data[i]) {
			histogram[stepOf(work.data, i)]++
			count++
		}
	const pixels = new Uint8Array(photo.data)
	if (!count || count < LEAST_SURFACE * walls.data.length)
		return { pixels, width: photo.width, height: photo.height, walls: alpha.work }
	let median = 0
	for (let acc = 0; median < STEPS && (acc += histogram[median]) < count / 2; ) median++
	const target: Lab = rgbToLab(...colour)
	const shift = Math.round((target[0] / 100) * (STEPS - 1)) - median
	const paint = new Uint8Array(3 * STEPS)
	for (let s = 0; s < STEPS; s++) {
		const L = (Math.min(STEPS - 1, Math.max(0, s + shift)) / (STEPS - 1)) * 100
		paint.set(labToRgb([L, target[1], target[2]]), 3 * s)
	}
	const a = alpha.full
	for (let i = 0; i < a.length; i++) {
		if (!a[i]) continue
		const s = 3 * stepOf(photo.data, i)
		const w = a[i] / 255
		for (let c = 0; c < 3; c++)
			pixels[3 * i + c] = Math.round(photo.data[3 * i + c] + (paint[s + c] - photo.data[3 * i + c]) * w)
	}
	return { pixels, width: photo.width, height: photo.height, walls: alpha.work }
}

/**
 * A wall patch smaller than this share of the label map, cut off from the rest, is the model
 * calling part of a thing wall (the back of an armchair, a sideboard's door, in pair 69): walls
 * are large and joined. A wall seen only through a small gap goes unpainted.
 */
export const LEAST_WALL_PATCH = 0.02

/** `mask` (0/1 over the label map) without its patches under LEAST_WALL_PATCH. */
function largePatches(labels: Labels, mask: Uint8Array) {
	const map = { size: labels.size, data: mask }
	const kept = new Uint8Array(mask.length)
	const seen = new Uint8Array(mask.length)
	for (let i = 0; i < mask.length; i++) {
		if (!mask[i] || seen[i]) continue
		const patch = componentMask(map, i)
		let area = 0
		for (let j = 0; j < patch.length; j++) if (patch[j]) area++
		for (let j = 0; j < patch.length; j++)
			if (patch[j]) {
				seen[j] = 1
				if (area >= LEAST_WALL_PATCH * mask.length) kept[j] = 1
			}
	}
	return kept
}

/**
 * A photo (any format libvips reads) with its walls in `colour`, as a JPEG of its own size: one
 * decode, the working copy made from the decoded pixels, one encode. Runs where OpenCV may load
 * (a worker thread, opencv.ts).
 */
export async function repaintPhotoWalls(cv: OpenCv, photo: Buffer, labels: Labels, colour: [number, number, number]) {
	const { data, info } = await sharp(photo, SHARP_INPUT_OPTIONS)
		.rotate()
		.flatten({ background: '#ffffff' })
		.removeAlpha()
		.raw()
		.toBuffer({ resolveWithObject: true })
	const full = {
		width: info.width,
		height: info.height,
		data: new Uint8Array(data.buffer, data.byteOffset, data.length),
	}
	const size = editSize(info.width, info.height)
	const work = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
		.resize(size.width, size.height, { fit: 'fill' })
		.raw()
		.toBuffer()
	const out = repaintWalls(
		cv,
		full,
		{ ...size, data: new Uint8Array(work.buffer, work.byteOffset, work.length) },
		labels,
		colour,
	)
	const image = await sharp(out.pixels, { raw: { width: out.width, height: out.height, channels: 3 } })
		.jpeg(JPEG_OPTIONS)
		.toBuffer()
	return { image, walls: out.walls }
}
