import { createHash } from 'node:crypto'
import sharp from 'sharp'

/**
 * What the vendor models answer for a render: the room photo they were sent, staged. A staging
 * vendor keeps the room (walls, windows, doors, floor, the camera's framing) and adds furniture,
 * then delivers at its own output size; Rendo checks each answer against the photo, so a model that
 * answered anything else (a solid colour, another room) would have every answer rejected.
 *
 * The furniture is two opaque blocks, shaded and textured so they are not flat: a wide sofa over the
 * floor in the lower middle of the picture and a side table to its right, each with a soft shadow
 * under it. Nothing is drawn in the top half, where windows and the ceiling are. The same photo,
 * size and variation give the same bytes (seeded noise, no randomness).
 */
export type OutputSize = { width: number; height: number }

/**
 * A crafted answer a test gives a model in place of the staged photo (a zoomed photo, a moved
 * window, a repainted wall…): the photo of the request, the vendor's output size for it, and which
 * variation of the request or render is being answered (0 for the first).
 */
export type AnswerImage = (photo: Buffer, output: OutputSize, variation: { index: number }) => Promise<Buffer>

/** The area stagedAnswer draws over, as fractions of the photo (before any resize); for tests. */
export const FURNITURE_AREA = { left: 0.24, top: 0.58, right: 0.9, bottom: 0.87 }

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
		shadow.height = Math.max(1, Math.min(height - shadow.top, Math.round(0.03 * height)))
		layers.push({
			input: shadowPixels(shadow.width, shadow.height),
			raw: { width: shadow.width, height: shadow.height, channels: 4 },
			left: shadow.left,
			top: shadow.top,
		})
		layers.push({
			input:
				kind === 'sofa'
					? sofaPixels(piece.width, piece.height, palette.sofa, 1 + index * 2)
					: tablePixels(piece.width, piece.height, palette.table, 2 + index * 2),
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

/** A sofa: a back cushion, a lighter seat and two darker arms, lit from above, with a fabric weave. */
function sofaPixels(width: number, height: number, [r, g, b]: [number, number, number], seed: number) {
	const pixels = Buffer.alloc(width * height * 3)
	const grain = noise(seed, 12)
	const arm = Math.max(1, Math.round(width * 0.08))
	const back = Math.round(height * 0.45)
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const isArm = x < arm || x >= width - arm
			const part = isArm ? 0.82 : y < back ? 0.92 : 1.08
			// Light from above and a little from the left; the seat's front edge in shadow.
			const light = 1.12 - 0.3 * (y / height) - 0.12 * (x / width) - (!isArm && y > height * 0.9 ? 0.15 : 0)
			const seam = !isArm && (y === back || y === back + 1) ? 0.7 : 1
			const weave = ((x ^ y) & 3) * 2 - 3
			const shade = part * light * seam
			const n = grain() + weave
			const i = (y * width + x) * 3
			pixels[i] = clamp(r * shade + n)
			pixels[i + 1] = clamp(g * shade + n)
			pixels[i + 2] = clamp(b * shade + n)
		}
	}
	return pixels
}

/** A side table: a lit top, a wood-grained body darker towards the floor. */
function tablePixels(width: number, height: number, [r, g, b]: [number, number, number], seed: number) {
	const pixels = Buffer.alloc(width * height * 3)
	const grain = noise(seed, 8)
	const top = Math.max(1, Math.round(height * 0.14))
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const light = y < top ? 1.3 - 0.1 * (y / top) : 1.02 - 0.35 * (y / height) - 0.1 * (x / width)
			const wood = 6 * Math.sin(x * 0.9 + Math.sin(y * 0.15) * 3)
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
			pixels[(y * width + x) * 4 + 3] = clamp(110 * (1 - y / height) * ends)
		}
	}
	return pixels
}
