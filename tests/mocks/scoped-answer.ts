import sharp from 'sharp'
import { labToRgb, parseHex, rgbToLab } from '#core/edits/colour.ts'
import { objectMask, objectsIn, SURFACE_NAMES, type SurfaceName, surfaceMask } from '#core/edits/objects.ts'
import type { Box } from '#core/render/provider.ts'
import type { Labels } from '#core/staging/room-check/segment.ts'
import { labelsOf } from '#core/staging/room-check/segmenter.ts'
import type { OutputSize } from './staged-answer.ts'

/**
 * What the vendor models answer for an item removal or a renovation (core/render/providers/edit-prompt.ts
 * words the request): the photo with the asked area edited and every other pixel its own, as a vendor
 * that honours the scope would, then reframed to the vendor's output size like every answer of theirs.
 * - removal: the area is painted from its surroundings (a push-pull fill: the colours at its edge carried
 *   inwards and blended, as an inpainting does, with no texture);
 * - renovation: each surface's pixels take the colour asked (a hex, or a material's usual colour) in CIE
 *   Lab, each pixel's lightness shifted so the area's median is the colour's, so light and shade stay.
 * The area is the OpenAI mask's (its transparent pixels), or, for a vendor given only words (Gemini),
 * what a model that sees the picture would find: the photo's segmentation (the room check's model), the
 * thing of that kind nearest the place named, or the surface's segment.
 * A model that strays changes something outside the area too, as the scope check must catch:
 * 'floor' regrades the floor (the lower fifth of the picture outside the area, pulled towards a brown);
 * 'more' takes one more thing with a removal (the largest small thing of the photo the area does not touch)
 * or paints the largest thing with a renovation's first surface.
 */
export type Stray = 'floor' | 'more'

export interface EditAsked {
	kind: 'remove' | 'renovate'
	/** Removal: each thing named and the box its place words give. */
	items: { kind: string; box: Box }[]
	/** Renovation: each surface and the colour it becomes. */
	surfaces: { name: string; rgb: [number, number, number] }[]
}

/** Usual colours of the materials a renovation names; a material not listed takes a mid brown. */
const MATERIALS: Record<string, string> = {
	oak: '#b48a5c',
	'light oak': '#c9a57a',
	walnut: '#6b4a33',
	'grey tiles': '#9c9c98',
	'white tiles': '#e6e6e2',
	'light carpet': '#d8d0c0',
	marble: '#e8e6e1',
	concrete: '#a6a29a',
	white: '#f2f2ef',
}
const UNKNOWN_MATERIAL = '#a08060'
const SLOPPY_FLOOR: [number, number, number] = [150, 90, 50]

/**
 * The edit the prompt asks for, read from the words edit-prompt.ts writes: "Remove the lamp (at the right,
 * about 80–90 % across and 20–60 % down); …", "Paint the walls #d8d2c4 (greige)…", "Refinish the floor in
 * oak, …". Undefined for a prompt that asks for no such edit (staging).
 */
export function readEditPrompt(prompt: string): EditAsked | undefined {
	const items = [
		...prompt.matchAll(/the ([a-z][a-z -]*?) \([a-z ]+, about (\d+)–(\d+) % across and (\d+)–(\d+) % down\)/g),
	].map(([, kind, x0, x1, y0, y1]) => ({
		kind,
		box: { x: +x0 / 100, y: +y0 / 100, width: (+x1 - +x0) / 100, height: (+y1 - +y0) / 100 },
	}))
	if (/^Remove /m.test(prompt) && items.length) return { kind: 'remove', items, surfaces: [] }
	const surfaces = [
		...[...prompt.matchAll(/^Paint the ([a-z ]+?) (#[0-9a-f]{6}) /gm)].map(([, name, hex]) => ({ name, hex })),
		...[...prompt.matchAll(/^Refinish the ([a-z ]+?) in ([^,.]+)[,.]/gm)].map(([, name, material]) => ({
			name,
			hex: MATERIALS[material.toLowerCase()] ?? UNKNOWN_MATERIAL,
		})),
	].map(({ name, hex }) => ({ name, rgb: parseHex(hex)! }))
	return surfaces.length ? { kind: 'renovate', items: [], surfaces } : undefined
}

interface Pixels {
	width: number
	height: number
	/** RGB, row by row. */
	data: Uint8Array
}

/** The photo decoded, upright, at most `longest` px on its longest side (a vendor works at about its output size). */
async function decodePhoto(photo: Buffer, longest: number): Promise<Pixels> {
	const { data, info } = await sharp(photo)
		.rotate()
		.resize(longest, longest, { fit: 'inside', withoutEnlargement: true })
		.removeAlpha()
		.raw()
		.toBuffer({ resolveWithObject: true })
	return { width: info.width, height: info.height, data: new Uint8Array(data) }
}

/** A label map's 0/1 mask stretched over `width` × `height` (nearest label pixel). */
function stretch(mask: Uint8Array, n: number, width: number, height: number) {
	const out = new Uint8Array(width * height)
	for (let y = 0, i = 0; y < height; y++) {
		const row = Math.min(n - 1, Math.floor((y * n) / height)) * n
		for (let x = 0; x < width; x++, i++) out[i] = mask[row + Math.min(n - 1, Math.floor((x * n) / width))]
	}
	return out
}

/** The mask grown by `radius` pixels (a square max filter, run along rows then columns). */
function grow(mask: Uint8Array, width: number, height: number, radius: number) {
	const rows = new Uint8Array(mask.length)
	for (let y = 0; y < height; y++)
		for (let x = 0, last = -Infinity; x < width; x++) {
			// The nearest set pixel to the left or right within the radius.
			if (mask[y * width + x]) last = x
			let set = x - last <= radius
			for (let d = 1; !set && d <= radius && x + d < width; d++) set = mask[y * width + x + d] === 1
			rows[y * width + x] = set ? 1 : 0
		}
	const out = new Uint8Array(mask.length)
	for (let x = 0; x < width; x++)
		for (let y = 0, last = -Infinity; y < height; y++) {
			if (rows[y * width + x]) last = y
			let set = y - last <= radius
			for (let d = 1; !set && d <= radius && y + d < height; d++) set = rows[(y + d) * width + x] === 1
			out[y * width + x] = set ? 1 : 0
		}
	return out
}

/**
 * Fills the `hole` (1 = fill) from its surroundings, in place: a push-pull pyramid (each level half the
 * last, a pixel the mean of the known pixels under it, then each unknown pixel taken from the coarser
 * level, bilinear), so the fill is the edge's colours blended smoothly inwards.
 */
function fillFromSurroundings({ width, height, data }: Pixels, hole: Uint8Array) {
	type Level = { w: number; h: number; c: Float32Array; a: Float32Array }
	const first: Level = {
		w: width,
		h: height,
		c: new Float32Array(width * height * 3),
		a: new Float32Array(width * height),
	}
	for (let i = 0; i < width * height; i++) {
		if (hole[i]) continue
		first.a[i] = 1
		for (let k = 0; k < 3; k++) first.c[3 * i + k] = data[3 * i + k]
	}
	const levels = [first]
	for (let l = first; l.w > 1 || l.h > 1; ) {
		const w = Math.ceil(l.w / 2)
		const h = Math.ceil(l.h / 2)
		const next: Level = { w, h, c: new Float32Array(w * h * 3), a: new Float32Array(w * h) }
		for (let y = 0; y < h; y++)
			for (let x = 0; x < w; x++) {
				let a = 0
				const c = [0, 0, 0]
				for (let dy = 0; dy < 2; dy++)
					for (let dx = 0; dx < 2; dx++) {
						const [sx, sy] = [2 * x + dx, 2 * y + dy]
						if (sx >= l.w || sy >= l.h) continue
						const j = sy * l.w + sx
						a += l.a[j]
						for (let k = 0; k < 3; k++) c[k] += l.a[j] * l.c[3 * j + k]
					}
				const i = y * w + x
				if (a > 0) for (let k = 0; k < 3; k++) next.c[3 * i + k] = c[k] / a
				next.a[i] = Math.min(1, a)
			}
		levels.push(next)
		l = next
	}
	for (let n = levels.length - 2; n >= 0; n--) {
		const [l, up] = [levels[n], levels[n + 1]]
		for (let y = 0; y < l.h; y++)
			for (let x = 0; x < l.w; x++) {
				const i = y * l.w + x
				if (l.a[i] >= 1) continue
				// Bilinear from the coarser level, its pixel centres at (2x + 0.5, 2y + 0.5) here.
				const fx = Math.min(up.w - 1, Math.max(0, (x - 0.5) / 2))
				const fy = Math.min(up.h - 1, Math.max(0, (y - 0.5) / 2))
				const [x0, y0] = [Math.floor(fx), Math.floor(fy)]
				const [x1, y1] = [Math.min(up.w - 1, x0 + 1), Math.min(up.h - 1, y0 + 1)]
				const [tx, ty] = [fx - x0, fy - y0]
				for (let k = 0; k < 3; k++) {
					const at = (xx: number, yy: number) => up.c[3 * (yy * up.w + xx) + k]
					const v =
						(at(x0, y0) * (1 - tx) + at(x1, y0) * tx) * (1 - ty) + (at(x0, y1) * (1 - tx) + at(x1, y1) * tx) * ty
					l.c[3 * i + k] = l.a[i] * l.c[3 * i + k] + (1 - l.a[i]) * v
				}
				l.a[i] = 1
			}
	}
	for (let i = 0; i < width * height; i++)
		if (hole[i]) for (let k = 0; k < 3; k++) data[3 * i + k] = Math.round(first.c[3 * i + k])
}

/** The area's pixels in the colour `rgb`, in place: Lab a and b the colour's, lightness shifted so the median is its. */
function recolour({ width, height, data }: Pixels, area: Uint8Array, rgb: [number, number, number], strength = 1) {
	const target = rgbToLab(...rgb)
	const lightness: number[] = []
	for (let i = 0; i < width * height; i++)
		if (area[i]) lightness.push(rgbToLab(data[3 * i], data[3 * i + 1], data[3 * i + 2])[0])
	if (!lightness.length) return
	const shift = target[0] - lightness.sort((a, b) => a - b)[lightness.length >> 1]
	for (let i = 0; i < width * height; i++) {
		if (!area[i]) continue
		const L = rgbToLab(data[3 * i], data[3 * i + 1], data[3 * i + 2])[0]
		const to = labToRgb([Math.min(100, Math.max(0, L + shift)), target[1], target[2]])
		for (let k = 0; k < 3; k++) data[3 * i + k] = Math.round(data[3 * i + k] * (1 - strength) + to[k] * strength)
	}
}

/** The largest share of the photo a thing a vendor takes unasked covers: clutter, not a sofa. */
const SMALL_THING = 0.03

/**
 * One more thing than asked, at the size of `pixels`: for a removal the largest small thing (under
 * SMALL_THING) the area does not touch, for a renovation the largest thing (its pixels outside the area).
 */
async function oneMoreThing(photo: Buffer, pixels: Pixels, area: Uint8Array, kind: EditAsked['kind']) {
	const labels = await labelsOf(photo, { photo: true })
	if (!labels) throw new Error('the vendor model could not see the photo')
	const objects = objectsIn(labels)
	const maskOf = (o: (typeof objects)[number]) =>
		stretch(objectMask(labels, o), labels.size, pixels.width, pixels.height)
	const more =
		kind === 'remove'
			? objects
					.filter((o) => o.area <= SMALL_THING)
					.map(maskOf)
					.find((thing) => !thing.some((v, i) => v && area[i]))
			: objects[0] && maskOf(objects[0])
	if (!more) throw new Error('the vendor model found nothing more to change')
	return kind === 'remove'
		? grow(more, pixels.width, pixels.height, Math.ceil((1.5 * Math.max(pixels.width, pixels.height)) / labels.size))
		: more.map((v, i) => v & (area[i] ^ 1))
}

/** The 'floor' stray: the lower fifth of the picture, outside the area asked, pulled towards brown. */
function regradeFloor(pixels: Pixels, area: Uint8Array) {
	const below = new Uint8Array(pixels.width * pixels.height)
	for (let i = Math.floor(pixels.height * 0.8) * pixels.width; i < below.length; i++) below[i] = area[i] ? 0 : 1
	recolour(pixels, below, SLOPPY_FLOOR, 0.5)
}

/** The things of the photo the words name: for each, the one of that kind whose centre is nearest the place's. */
function namedThings(labels: Labels, items: EditAsked['items']) {
	const objects = objectsIn(labels)
	const centre = (b: Box) => [b.x + b.width / 2, b.y + b.height / 2]
	return items.flatMap((item) => {
		const [cx, cy] = centre(item.box)
		const found = objects
			.filter((o) => o.kind === item.kind)
			.sort((p, q) => {
				const [px, py] = centre(p.box)
				const [qx, qy] = centre(q.box)
				return Math.hypot(px - cx, py - cy) - Math.hypot(qx - cx, qy - cy)
			})[0]
		return found ? [found] : []
	})
}

/**
 * The area of an edit asked in words only, as a model that sees the photo finds it: the things named
 * (grown by a label pixel and a little, for their soft edges and contact shadows) or the surfaces
 * named, at the size of `pixels`. With `surface`, only that surface's pixels.
 */
async function areaFromWords(photo: Buffer, pixels: Pixels, asked: EditAsked, surface?: string) {
	const labels = await labelsOf(photo, { photo: true })
	if (!labels) throw new Error('the vendor model could not see the photo')
	const n = labels.size
	const mask = new Uint8Array(n * n)
	if (asked.kind === 'remove')
		for (const thing of namedThings(labels, asked.items)) objectMask(labels, thing).forEach((v, i) => (mask[i] |= v))
	else
		for (const { name } of asked.surfaces)
			if ((!surface || name === surface) && SURFACE_NAMES.includes(name as SurfaceName))
				surfaceMask(labels, name as SurfaceName).forEach((v, i) => (mask[i] |= v))
	const area = stretch(mask, n, pixels.width, pixels.height)
	return asked.kind === 'remove'
		? grow(area, pixels.width, pixels.height, Math.ceil((1.5 * Math.max(pixels.width, pixels.height)) / n))
		: area
}

/**
 * The answer to an edit: `photo` edited as `asked`, in `area` (the mask's pixels at the photo's size
 * as sent) or, without one, where the words point; then reframed to cover `output`, a JPEG.
 */
export async function scopedAnswer(
	photo: Buffer,
	asked: EditAsked,
	output: OutputSize,
	{ area, strays }: { area?: { width: number; height: number; data: Uint8Array }; strays?: Stray } = {},
): Promise<Buffer> {
	const pixels = await decodePhoto(
		photo,
		area ? Math.max(area.width, area.height) : Math.max(output.width, output.height),
	)
	const everywhere = new Uint8Array(pixels.width * pixels.height)
	if (asked.kind === 'remove') {
		// A mask's edge is grown a little, as an inpainting model regenerates a thing's soft edge and shadow with it.
		const hole = area
			? grow(area.data, area.width, area.height, Math.max(2, Math.round(Math.max(area.width, area.height) / 200)))
			: await areaFromWords(photo, pixels, asked)
		fillFromSurroundings(pixels, hole)
		hole.forEach((v, i) => (everywhere[i] = v))
	} else {
		for (const { name, rgb } of asked.surfaces) {
			// One surface takes the whole mask; several split it by what each pixel shows.
			const only = area && asked.surfaces.length === 1 ? area.data : await areaFromWords(photo, pixels, asked, name)
			const within = area ? only.map((v, i) => v & area.data[i]) : only
			recolour(pixels, within, rgb)
			within.forEach((v, i) => (everywhere[i] |= v))
		}
	}
	if (strays === 'floor') regradeFloor(pixels, everywhere)
	if (strays === 'more') {
		const more = await oneMoreThing(photo, pixels, everywhere, asked.kind)
		if (asked.kind === 'remove') fillFromSurroundings(pixels, more)
		else recolour(pixels, more, asked.surfaces[0].rgb)
	}
	return sharp(Buffer.from(pixels.data), { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
		.resize(output.width, output.height, { fit: 'cover', position: 'centre' })
		.jpeg({ quality: 90 })
		.toBuffer()
}
