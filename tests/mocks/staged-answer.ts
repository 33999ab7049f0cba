import { createHash } from 'node:crypto'
import sharp from 'sharp'

/**
 * What the vendor models answer for a render: the room photo they were sent, staged. A staging
 * vendor keeps the room (walls, windows, doors, floor, the camera's framing) and adds furniture,
 * then delivers at its own output size; Rendo checks each answer against the photo, so a model that
 * answered anything else (a solid colour, another room) would have every answer rejected.
 *
 * The furniture is two opaque blocks, shaded and textured so they are not flat: a wide sofa over the
 * floor in the lower middle of the picture (arms, three back and seat cushions, two throw pillows,
 * a woven fabric) and a side table to its right (a drawer, wood grain), each with a thin contact
 * shadow under it, in colours toned to the lightness of the room where they stand. Nothing is drawn
 * above 58 % of the height, where windows and the ceiling are. The same photo, size and variation
 * give the same bytes (seeded noise, no randomness).
 *
 * Measured against the room check as it stood when this was written (core/staging/room-check, the
 * 14 corpus photos and the synthetic room, three variations each): the staged answers get the same
 * verdicts as the photo itself merely reframed to the same size, but for one 'check' in 48.
 */
export type OutputSize = { width: number; height: number }

/**
 * A crafted answer a test gives a model in place of the staged photo (a zoomed photo, a moved
 * window, a repainted wall…): the photo of the request, the vendor's output size for it, and which
 * variation of the request or render is being answered (0 for the first).
 */
export type AnswerImage = (photo: Buffer, output: OutputSize, variation: { index: number }) => Promise<Buffer>

/** The area stagedAnswer draws over, as fractions of the photo (before any resize); for tests. */
export const FURNITURE_AREA = { left: 0.24, top: 0.58, right: 0.9, bottom: 0.86 }

const PALETTES: Array<{ sofa: [number, number, number]; table: [number, number, number] }> = [
	{ sofa: [88, 98, 112], table: [122, 84, 52] },
	{ sofa: [156, 128, 96], table: [64, 56, 52] },
	{ sofa: [62, 92, 80], table: [182, 160, 128] },
	{ sofa: [168, 72, 60], table: [96, 70, 48] },
]

/**
 * The photo (decoded, auto-oriented) with a sofa and a side table added, then, if `output` is given
 * and is not the photo's size, resized to cover it (centred), as vendors reframe to their sizes.
 * A JPEG of quality 90. `variation` moves and recolours the furniture a little, so a vendor's
 * variations of one photo differ; the default is the first.
 */
export async function stagedAnswer(
	photo: Buffer,
	output?: OutputSize,
	variation: { index?: number } = {},
): Promise<Buffer> {
	const index = Math.max(0, Math.floor(variation.index ?? 0))
	const { data, info } = await sharp(photo)
		.rotate()
		.flatten({ background: '#ffffff' })
		.toColourspace('srgb')
		.raw()
		.toBuffer({ resolveWithObject: true })
	const { width, height } = info
	const palette = PALETTES[index % PALETTES.length]
	const dx = ((index % 3) - 1) * 0.03
	/** A pixel of the picture at 800 px on its longest side. */
	const unit = Math.max(width, height) / 800
	const box = (left: number, top: number, w: number, h: number) => ({
		left: Math.round(left * width),
		top: Math.round(top * height),
		width: Math.max(1, Math.round(w * width)),
		height: Math.max(1, Math.round(h * height)),
	})
	const sofa = box(0.27 + dx, 0.58, 0.44, 0.26)
	const table = box(0.77 + dx, 0.67, 0.1, 0.17)
	const layers: sharp.OverlayOptions[] = []
	for (const [piece, kind] of [
		[sofa, 'sofa'],
		[table, 'table'],
	] as const) {
		const shadow = { ...piece, top: Math.min(height - 1, piece.top + piece.height), height: 0 }
		shadow.height = Math.max(1, Math.min(height - shadow.top, Math.round(0.012 * height)))
		layers.push({
			input: shadowPixels(shadow.width, shadow.height),
			raw: { width: shadow.width, height: shadow.height, channels: 4 },
			left: shadow.left,
			top: shadow.top,
		})
		layers.push({
			input:
				kind === 'sofa'
					? sofaPixels(piece.width, piece.height, toned(palette.sofa, data, width, piece), 1 + index * 2, unit)
					: tablePixels(piece.width, piece.height, toned(palette.table, data, width, piece), 2 + index * 2, unit),
			raw: { width: piece.width, height: piece.height, channels: 3 },
			left: piece.left,
			top: piece.top,
		})
	}
	const staged = await sharp(data, { raw: { width, height, channels: info.channels } })
		.composite(layers)
		.raw()
		.toBuffer({ resolveWithObject: true })
	let image = sharp(staged.data, { raw: staged.info })
	if (output && (output.width !== width || output.height !== height))
		image = image.resize(output.width, output.height, { fit: 'cover', position: 'centre' })
	return image.jpeg({ quality: 90 }).toBuffer()
}

const made = new Map<string, Promise<Buffer>>()

/**
 * stagedAnswer, made once for the same photo, size and variation (the last 32 kept): a model serving
 * many renders of one photo (a bench, a fleet) spends its CPU once per distinct answer.
 */
export function stagedAnswerOnce(photo: Buffer, output?: OutputSize, variation: { index?: number } = {}) {
	const key = [
		createHash('sha1').update(photo).digest('hex'),
		output ? `${output.width}x${output.height}` : '',
		variation.index ?? 0,
	].join(':')
	let answer = made.get(key)
	if (!answer) {
		answer = stagedAnswer(photo, output, variation)
		made.set(key, answer)
		answer.catch(() => made.delete(key))
		if (made.size > 32) made.delete(made.keys().next().value!)
	} else {
		// The most recently used goes last, so the oldest is the one dropped.
		made.delete(key)
		made.set(key, answer)
	}
	return answer
}

const luminance = ([r, g, b]: readonly number[]) => 0.2126 * r + 0.7152 * g + 0.0722 * b

/**
 * A palette colour toned to the part of the room a piece stands in (its hue, the room's lightness
 * there), as a stager picks pieces that suit the room rather than a black block in a white room.
 */
function toned(
	colour: [number, number, number],
	pixels: Buffer,
	width: number,
	at: { left: number; top: number; width: number; height: number },
): [number, number, number] {
	const sum = [0, 0, 0]
	let count = 0
	const step = Math.max(1, Math.floor(Math.min(at.width, at.height) / 40))
	for (let y = at.top; y < at.top + at.height; y += step)
		for (let x = at.left; x < at.left + at.width; x += step) {
			const i = (y * width + x) * 3
			for (let c = 0; c < 3; c++) sum[c] += pixels[i + c]
			count++
		}
	const target = Math.min(200, Math.max(50, luminance(sum.map((v) => v / count))))
	const gain = target / Math.max(1, luminance(colour))
	return colour.map((c) => Math.min(255, c * gain)) as [number, number, number]
}

/** xorshift32: cheap, seeded noise in [-amplitude, amplitude]. */
function noise(seed: number, amplitude: number) {
	let state = (seed * 2654435761) >>> 0 || 1
	return () => {
		state ^= state << 13
		state ^= state >>> 17
		state ^= state << 5
		return ((state >>> 0) % (2 * amplitude + 1)) - amplitude
	}
}

const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : Math.round(value))

/** A cushion's bulge across u in [0, 1]: lit in the middle, darker at its seams. */
const bulge = (u: number) => 0.8 + 0.25 * Math.sin(Math.PI * Math.min(1, Math.max(0, u)))

/**
 * A sofa: two arms, three back cushions with two throw pillows, three seat cushions, lit from above
 * and a little from the left, in a woven fabric. Its structure (seams, pillows, weave) is what a
 * sofa in a photo has, and what tells a room check it is a thing standing in front, not a
 * repainted wall or floor; `unit` is a pixel of the image at 800 px, so the weave survives the
 * check's downscale.
 */
function sofaPixels(width: number, height: number, rgb: [number, number, number], seed: number, unit: number) {
	const pixels = Buffer.alloc(width * height * 3)
	const grain = noise(seed, 8)
	const arm = Math.max(1, Math.round(width * 0.09))
	const back = Math.round(height * 0.42)
	const inner = Math.max(1, width - 2 * arm)
	const seam = Math.max(1, Math.round(1.5 * unit))
	const period = 5 * unit
	const pillow = { size: Math.round(back * 0.7), top: Math.round(back * 0.22) }
	const pillowColour = rgb.map((c) => 255 - c * 0.6) as [number, number, number]
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			let colour = rgb
			let shade: number
			const isArm = x < arm || x >= width - arm
			if (isArm) {
				const u = x < arm ? x / arm : (x - (width - arm)) / arm
				shade = 0.78 * bulge(u) * (y < seam * 2 ? 1.15 : 1)
			} else {
				const along = ((x - arm) / inner) * 3
				const cushion = Math.min(2, Math.floor(along))
				const u = along - cushion
				const atSeam = (x - arm) % Math.round(inner / 3) < seam && x - arm > seam
				if (y < back) {
					shade = 0.9 * bulge(u) * bulge(y / back) * (atSeam ? 0.55 : 1)
					// Throw pillows on the outer back cushions, turned a little, in a contrasting colour.
					const centre = arm + (cushion + 0.5) * (inner / 3)
					const dx = x - centre
					const dy = y - (pillow.top + pillow.size / 2)
					if (cushion !== 1 && Math.abs(dx + dy * 0.2) < pillow.size / 2 && Math.abs(dy - dx * 0.2) < pillow.size / 2) {
						colour = pillowColour
						shade = 0.8 + 0.3 * ((dx - dy) / pillow.size + 0.5) * (Math.floor((dx + dy) / (3 * unit)) % 2 ? 1 : 0.85)
					}
				} else {
					const v = (y - back) / Math.max(1, height - back)
					shade = 1.05 * bulge(u) * (y - back < seam ? 0.55 : 1) * (atSeam ? 0.55 : 1) * (v > 0.82 ? 0.72 : 1)
				}
			}
			const light = 1.1 - 0.22 * (y / height) - 0.12 * (x / width)
			const weave = 9 * (Math.sin((2 * Math.PI * x) / period) + Math.sin((2 * Math.PI * y) / period))
			const n = grain() + weave
			const i = (y * width + x) * 3
			pixels[i] = clamp(colour[0] * shade * light + n)
			pixels[i + 1] = clamp(colour[1] * shade * light + n)
			pixels[i + 2] = clamp(colour[2] * shade * light + n)
		}
	}
	return pixels
}

/** A side table: a lit top, a drawer with its knob, a wood-grained body darker towards the floor. */
function tablePixels(width: number, height: number, [r, g, b]: [number, number, number], seed: number, unit: number) {
	const pixels = Buffer.alloc(width * height * 3)
	const grain = noise(seed, 6)
	const top = Math.max(1, Math.round(height * 0.14))
	const drawer = { top: Math.round(height * 0.24), bottom: Math.round(height * 0.5) }
	const line = Math.max(1, Math.round(1.5 * unit))
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			let light = y < top ? 1.3 - 0.1 * (y / top) : 1.02 - 0.35 * (y / height) - 0.1 * (x / width)
			const edge = x < line || x >= width - line
			if (edge || (y >= top && y < top + line)) light *= 0.6
			if (Math.abs(y - drawer.top) < line / 2 + 0.5 || Math.abs(y - drawer.bottom) < line / 2 + 0.5) light *= 0.55
			const knob = Math.hypot(x - width / 2, y - (drawer.top + drawer.bottom) / 2) < 3 * unit
			if (knob) light = 1.5
			const wood = y < top ? 0 : 13 * Math.sin((2 * Math.PI * x) / (4 * unit) + 2 * Math.sin(y / (9 * unit)))
			const n = grain() + wood
			const i = (y * width + x) * 3
			pixels[i] = clamp(r * light + n)
			pixels[i + 1] = clamp(g * light + n)
			pixels[i + 2] = clamp(b * light + n)
		}
	}
	return pixels
}

/** A soft shadow on the floor: darkest under the piece, fading downwards and at the ends. */
function shadowPixels(width: number, height: number) {
	const pixels = Buffer.alloc(width * height * 4)
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const ends = Math.min(1, Math.min(x, width - 1 - x) / Math.max(1, width * 0.06))
			pixels[(y * width + x) * 4 + 3] = clamp(90 * (1 - y / height) * ends)
		}
	}
	return pixels
}
