/**
 * Edited versions of the real room photos in tests/fixtures/rooms (labels.json says where each
 * photo's windows, doors, wall, floor, ceiling and free area are), to measure the room check: an
 * edit that only adds furniture or decor, or moves the camera a little, is legitimate and must
 * pass; one that changes the room itself must be flagged.
 *
 * Every edit is made with sharp from pixels of the corpus itself, never from drawn shapes, and is
 * deterministic (seeded by photo and kind). Image models fail in exactly these ways, so each kind
 * stands for one of their habits:
 *
 * Legitimate:
 * - `furniture`: 2–3 pieces (armchairs, a bed, a pool table, chairs, stools) cut from OTHER corpus
 *   photos, pasted standing on the bottom of the `free` area with softened corners: what staging adds.
 * - `rug`: a patterned textile from another photo laid over the middle of the `floor` area.
 * - `wall-art`: a crop of another photo in a dark frame on the `wall` area (never over a window or
 *   door: the labels keep them apart).
 * - `plants`: one or two potted plants / vases from other photos on the `free` area.
 * - `zoom`: 2–10% zoom-in about the centre, resized back to the photo's size: models often crop.
 * - `shift`: the view moved by up to ±3% of the width and height, zoomed just enough that no edge
 *   is blank: models re-frame slightly.
 * - `rotate`: up to ±2°, zoomed just enough to hide the corners: models straighten verticals.
 * - `zoom+furniture`, `shift+furniture`, `rotate+furniture`: furniture added, then the same moves,
 *   as a model does both at once.
 *
 * Permanent-feature edits (must be flagged):
 * - `window-moved`: the largest window's pixels moved sideways by more than its width and its old
 *   place filled with the photo's own wall texture: models "re-compose" a room around the furniture.
 * - `window-removed`: the largest window covered with the wall texture: models paint windows out.
 * - `view-changed`: what the largest window of a room shows (inside its frame, inset by a sixth of
 *   its size on each side) replaced by a piece of an exterior photo (trees, a facade, sky): models
 *   "improve" a blown-out or dull view, which the listing would then misrepresent.
 * - `door-removed`: the largest door covered with the wall texture (photos with a door only).
 * - `wall-recoloured`: the wall area tinted to a clearly different colour and darkened by 20%:
 *   "staging" that repaints the walls.
 * - `wall-retextured`: brick (from the exterior photo's facade) over the wall area at 85% opacity:
 *   a feature wall the room does not have.
 * - `floor-changed`: the floor area replaced by another photo's floor: new flooring.
 * - `ceiling-changed`: the ceiling area turned to a dark warm tone, as a wood-panelled ceiling
 *   (photos showing a ceiling only).
 * - `room-restyled`: the whole picture replaced by another corpus photo of the same kind of room
 *   (any other interior when there is none): the model returned a different room.
 *
 * `transform` gives the geometric change: a photo point p is at c + zoom·R(rotateDeg)·(p − c) +
 * (shiftX·width, shiftY·height) in the edited image, c the image centre, rotateDeg clockwise on
 * screen. The edited image always has the photo's size.
 *
 *   node --import tsx bench/room-check-corpus.ts <outDir>
 * writes every case as <photo>--<kind>.jpg and their list as cases.json.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { OverlayOptions, Sharp } from 'sharp'
import { sharp } from '#core/platform/sharp.ts'

export type EditKind =
	| 'furniture'
	| 'rug'
	| 'wall-art'
	| 'plants'
	| 'zoom'
	| 'shift'
	| 'rotate'
	| 'zoom+furniture'
	| 'shift+furniture'
	| 'rotate+furniture'
	| 'window-moved'
	| 'window-removed'
	| 'view-changed'
	| 'door-removed'
	| 'wall-recoloured'
	| 'wall-retextured'
	| 'floor-changed'
	| 'ceiling-changed'
	| 'room-restyled'

export interface Transform {
	zoom: number
	shiftX: number
	shiftY: number
	rotateDeg: number
}

export interface CorpusCase {
	/** The fixture file name, e.g. living-01.jpg. */
	photo: string
	kind: EditKind
	legitimate: boolean
	/** The edited JPEG, the photo's size. */
	image: Buffer
	transform: Transform
}

/** A rectangle as fractions (0..1) of the image's width and height. */
export interface Rect {
	x: number
	y: number
	width: number
	height: number
}

export interface RoomLabels {
	room: string
	windows: Rect[]
	doors: Rect[]
	wall: Rect
	floor: Rect | null
	ceiling: Rect | null
	free: Rect
}

export const FIXTURES = path.join(import.meta.dirname, '../tests/fixtures/rooms')

export const LEGITIMATE: EditKind[] = [
	'furniture',
	'rug',
	'wall-art',
	'plants',
	'zoom',
	'shift',
	'rotate',
	'zoom+furniture',
	'shift+furniture',
	'rotate+furniture',
]
export const PERMANENT: EditKind[] = [
	'window-moved',
	'window-removed',
	'view-changed',
	'door-removed',
	'wall-recoloured',
	'wall-retextured',
	'floor-changed',
	'ceiling-changed',
	'room-restyled',
]

/** Pieces to paste, cut from the corpus photos (hand-picked rectangles). */
const FURNITURE: [string, Rect][] = [
	['living-01.jpg', { x: 0.56, y: 0.71, width: 0.28, height: 0.22 }], // armchair
	['living-01.jpg', { x: 0.03, y: 0.66, width: 0.15, height: 0.13 }], // armchair
	['living-03.jpg', { x: 0.48, y: 0.52, width: 0.32, height: 0.45 }], // white armchair
	['bedroom-03.jpg', { x: 0.06, y: 0.3, width: 0.74, height: 0.64 }], // bed
	['living-04.jpg', { x: 0.27, y: 0.47, width: 0.72, height: 0.45 }], // pool table
	['bedroom-02.jpg', { x: 0.48, y: 0.55, width: 0.22, height: 0.3 }], // desk chair
	['kitchen-02.jpg', { x: 0.14, y: 0.68, width: 0.46, height: 0.32 }], // bar stools
]
const PLANTS: [string, Rect][] = [
	['kitchen-01.jpg', { x: 0.0, y: 0.42, width: 0.13, height: 0.17 }], // basil in a pot
	['kitchen-02.jpg', { x: 0.14, y: 0.42, width: 0.09, height: 0.13 }], // sunflowers in a vase
]
const RUGS: [string, Rect][] = [
	['bedroom-01.jpg', { x: 0.15, y: 0.75, width: 0.5, height: 0.2 }], // patterned runner
	['living-01.jpg', { x: 0.2, y: 0.85, width: 0.3, height: 0.12 }], // mosaic
]
/** What another window might look out on: pieces of the exterior photos (trees, facades, sky). */
const VIEWS: [string, Rect][] = [
	['exterior-01.jpg', { x: 0.72, y: 0.05, width: 0.28, height: 0.5 }], // sky, conifers, a roof
	['exterior-01.jpg', { x: 0.0, y: 0.1, width: 0.16, height: 0.6 }], // a neighbour's house, a conifer
	['exterior-02.jpg', { x: 0.3, y: 0.0, width: 0.35, height: 0.45 }], // a slate roof, a dormer, sky
]
const BRICK: [string, Rect] = ['exterior-01.jpg', { x: 0.35, y: 0.24, width: 0.15, height: 0.18 }]

interface Photo extends RoomLabels {
	file: string
	width: number
	height: number
	pixels: Buffer
}

const IDENTITY: Transform = { zoom: 1, shiftX: 0, shiftY: 0, rotateDeg: 0 }

/** What an edit made: layers over the photo (or over another base image), then a move. */
interface Edit {
	layers: OverlayOptions[]
	base?: Sharp
	transform?: Transform
}

type Random = () => number

/** mulberry32 seeded by a string (FNV-1a, then murmur3's finaliser): the same case, the same numbers. */
function random(seed: string): Random {
	let a = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193), 0x811c9dc5)
	a = Math.imul(a ^ (a >>> 16), 0x85ebca6b)
	a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35)
	a ^= a >>> 16
	return () => {
		a = (a + 0x6d2b79f5) | 0
		let t = Math.imul(a ^ (a >>> 15), 1 | a)
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

const between = (rng: Random, low: number, high: number) => low + rng() * (high - low)
const signed = (rng: Random, low: number, high: number) => (rng() < 0.5 ? -1 : 1) * between(rng, low, high)
const area = (r: Rect) => r.width * r.height
const largest = (rects: Rect[]) => rects.toSorted((a, b) => area(b) - area(a))[0]

const readLabels = (): Record<string, RoomLabels> =>
	JSON.parse(fs.readFileSync(path.join(FIXTURES, 'labels.json'), 'utf8'))

/** The corpus photos' file names, sorted. */
export const corpusPhotos = () => Object.keys(readLabels()).sort()

async function loadPhotos(): Promise<Photo[]> {
	const labels = readLabels()
	return Promise.all(
		Object.entries(labels).map(async ([file, label]) => {
			const { data, info } = await sharp(path.join(FIXTURES, file))
				.removeAlpha()
				.raw()
				.toBuffer({ resolveWithObject: true })
			return { ...label, file, width: info.width, height: info.height, pixels: data }
		}),
	)
}

const open = (photo: Photo) => sharp(photo.pixels, { raw: { width: photo.width, height: photo.height, channels: 3 } })

/** A rectangle in whole pixels, inside the photo and at least 1 px. */
function pixels(photo: Photo, r: Rect) {
	const left = Math.min(photo.width - 1, Math.max(0, Math.round(r.x * photo.width)))
	const top = Math.min(photo.height - 1, Math.max(0, Math.round(r.y * photo.height)))
	const width = Math.max(1, Math.min(photo.width - left, Math.round(r.width * photo.width)))
	const height = Math.max(1, Math.min(photo.height - top, Math.round(r.height * photo.height)))
	return { left, top, width, height }
}

const cut = (photo: Photo, r: Rect) => open(photo).extract(pixels(photo, r))

/** `image` stretched or cropped to exactly fill `r` of `photo`, as a layer. */
async function fill(photo: Photo, r: Rect, image: Sharp): Promise<OverlayOptions> {
	const { left, top, width, height } = pixels(photo, r)
	return { input: await image.resize(width, height, { fit: 'cover' }).png().toBuffer(), left, top }
}

/** A piece with rounded, softened corners, so it reads as an object rather than a pasted tile. */
async function soften(piece: Sharp, width: number, height: number) {
	const radius = Math.round(Math.min(width, height) * 0.2)
	const mask = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><filter id="f"><feGaussianBlur stdDeviation="${Math.max(1, radius / 4)}"/></filter><rect x="${radius / 4}" y="${radius / 4}" width="${width - radius / 2}" height="${height - radius / 2}" rx="${radius}" filter="url(#f)"/></svg>`
	return piece
		.resize(width, height, { fit: 'fill' })
		.ensureAlpha()
		.composite([{ input: Buffer.from(mask), blend: 'dest-in' }])
		.png()
		.toBuffer()
}

const others = (photos: Photo[], photo: Photo, list: [string, Rect][]) =>
	list.filter(([file]) => file !== photo.file).map(([file, r]) => [photos.find((p) => p.file === file)!, r] as const)

const overlaps = (a: Rect, b: Rect) =>
	a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/**
 * `count` pieces side by side standing on the bottom of `at`, up to twice its height (furniture
 * nearer the camera looks taller), shrunk until they cover no window or door.
 */
async function place(photo: Photo, photos: Photo[], rng: Random, list: [string, Rect][], count: number, at: Rect) {
	const pool = others(photos, photo, list)
	const slot = at.width / count
	const layers: OverlayOptions[] = []
	for (let i = 0; i < count; i++) {
		const [source, r] = pool[Math.floor(rng() * pool.length)]
		const aspect = (r.width * source.width) / (r.height * source.height) / (photo.width / photo.height)
		let height = Math.min(0.45, at.height * between(rng, 1.2, 2), (slot * 1.2) / aspect)
		let spot: Rect
		do {
			const width = height * aspect
			const x = at.x + i * slot + between(rng, 0, Math.max(0, slot - width))
			spot = { x, y: at.y + at.height - height, width, height }
			height *= 0.85
		} while ([...photo.windows, ...photo.doors].some((o) => overlaps(spot, o)) && height > at.height * 0.3)
		const { left, top, width: w, height: h } = pixels(photo, spot)
		layers.push({ input: await soften(cut(source, r), w, h), left, top })
	}
	return layers
}

const wallTexture = (photo: Photo) => cut(photo, photo.wall)

/** The smallest zoom at which the moved and rotated photo still covers the whole frame. */
function coverZoom(photo: Photo, t: Omit<Transform, 'zoom'>) {
	const a = (-t.rotateDeg * Math.PI) / 180
	const [w, h] = [photo.width / 2, photo.height / 2]
	let zoom = 1
	for (const [qx, qy] of [
		[-w, -h],
		[w, -h],
		[-w, h],
		[w, h],
	]) {
		const [dx, dy] = [qx - t.shiftX * photo.width, qy - t.shiftY * photo.height]
		zoom = Math.max(
			zoom,
			Math.abs(dx * Math.cos(a) - dy * Math.sin(a)) / w,
			Math.abs(dx * Math.sin(a) + dy * Math.cos(a)) / h,
		)
	}
	return zoom * 1.005
}

const moves = {
	zoom: (_photo: Photo, rng: Random): Transform => ({ ...IDENTITY, zoom: between(rng, 1.02, 1.1) }),
	shift(photo: Photo, rng: Random): Transform {
		const t = { rotateDeg: 0, shiftX: signed(rng, 0.01, 0.03), shiftY: signed(rng, 0.005, 0.03) }
		return { ...t, zoom: coverZoom(photo, t) }
	},
	rotate(photo: Photo, rng: Random): Transform {
		const t = { rotateDeg: signed(rng, 0.5, 2), shiftX: 0, shiftY: 0 }
		return { ...t, zoom: coverZoom(photo, t) }
	},
}

const furniture = async (photo: Photo, photos: Photo[], rng: Random) =>
	place(photo, photos, rng, FURNITURE, 2 + Math.floor(rng() * 2), photo.free)

const edits: Record<EditKind, (photo: Photo, photos: Photo[], rng: Random) => Promise<Edit | null>> = {
	furniture: async (photo, photos, rng) => ({ layers: await furniture(photo, photos, rng) }),
	async rug(photo, photos, rng) {
		if (!photo.floor) return null
		const pool = others(photos, photo, RUGS)
		const [source, r] = pool[Math.floor(rng() * pool.length)]
		const f = photo.floor
		const rug = { x: f.x + f.width * 0.15, y: f.y + f.height * 0.2, width: f.width * 0.7, height: f.height * 0.6 }
		return { layers: [await fill(photo, rug, cut(source, r).modulate({ hue: Math.round(between(rng, 0, 360)) }))] }
	},
	async 'wall-art'(photo, photos, rng) {
		const pool = photos.filter((p) => p !== photo)
		const source = pool[Math.floor(rng() * pool.length)]
		const w = photo.wall
		const frame = pixels(photo, {
			x: w.x + w.width * 0.25,
			y: w.y + w.height * 0.2,
			width: w.width * 0.5,
			height: w.height * 0.6,
		})
		const border = Math.max(2, Math.round(Math.min(frame.width, frame.height) * 0.06))
		const picture = await cut(source, { x: 0.3, y: 0.3, width: 0.4, height: 0.4 })
			.resize(Math.max(1, frame.width - 2 * border), Math.max(1, frame.height - 2 * border), { fit: 'cover' })
			.extend({ top: border, bottom: border, left: border, right: border, background: '#2b2118' })
			.png()
			.toBuffer()
		return { layers: [{ input: picture, left: frame.left, top: frame.top }] }
	},
	plants: async (photo, photos, rng) => ({
		layers: await place(photo, photos, rng, PLANTS, 1 + Math.floor(rng() * 2), photo.free),
	}),
	zoom: async (photo, _photos, rng) => ({ layers: [], transform: moves.zoom(photo, rng) }),
	shift: async (photo, _photos, rng) => ({ layers: [], transform: moves.shift(photo, rng) }),
	rotate: async (photo, _photos, rng) => ({ layers: [], transform: moves.rotate(photo, rng) }),
	'zoom+furniture': async (photo, photos, rng) => ({
		layers: await furniture(photo, photos, rng),
		transform: moves.zoom(photo, rng),
	}),
	'shift+furniture': async (photo, photos, rng) => ({
		layers: await furniture(photo, photos, rng),
		transform: moves.shift(photo, rng),
	}),
	'rotate+furniture': async (photo, photos, rng) => ({
		layers: await furniture(photo, photos, rng),
		transform: moves.rotate(photo, rng),
	}),
	async 'window-moved'(photo) {
		if (!photo.windows.length) return null
		const w = largest(photo.windows)
		const step = w.width * 1.1
		const x = w.x + step + w.width <= 1 ? w.x + step : w.x - step
		if (x < 0) return null
		const window = cut(photo, w)
		return {
			layers: [await fill(photo, w, wallTexture(photo)), await fill(photo, { ...w, x }, window)],
		}
	},
	async 'window-removed'(photo) {
		if (!photo.windows.length) return null
		return { layers: [await fill(photo, largest(photo.windows), wallTexture(photo))] }
	},
	async 'view-changed'(photo, photos, rng) {
		if (!photo.windows.length || photo.room === 'exterior') return null
		const w = largest(photo.windows)
		const inset = { x: w.x + w.width / 6, y: w.y + w.height / 6, width: (w.width * 2) / 3, height: (w.height * 2) / 3 }
		const [source, r] = VIEWS[Math.floor(rng() * VIEWS.length)]
		return { layers: [await fill(photo, inset, cut(photos.find((p) => p.file === source)!, r))] }
	},
	async 'door-removed'(photo) {
		if (!photo.doors.length) return null
		return { layers: [await fill(photo, largest(photo.doors), wallTexture(photo))] }
	},
	async 'wall-recoloured'(photo, _photos, rng) {
		const hue = between(rng, 0, 360)
		const [r, g, b] = [0, 120, 240].map((o) => Math.round(128 + 100 * Math.cos(((hue + o) * Math.PI) / 180)))
		return {
			layers: [await fill(photo, photo.wall, wallTexture(photo).tint({ r, g, b }).modulate({ brightness: 0.8 }))],
		}
	},
	async 'wall-retextured'(photo, photos) {
		const [file, r] = BRICK
		const brick = cut(photos.find((p) => p.file === file)!, r).ensureAlpha(0.85)
		return { layers: [await fill(photo, photo.wall, brick)] }
	},
	async 'floor-changed'(photo, photos, rng) {
		if (!photo.floor) return null
		const floors = photos.filter((p) => p !== photo && p.floor && p.room !== 'exterior')
		const source = floors[Math.floor(rng() * floors.length)]
		return { layers: [await fill(photo, photo.floor, cut(source, source.floor!))] }
	},
	async 'ceiling-changed'(photo) {
		if (!photo.ceiling) return null
		const ceiling = cut(photo, photo.ceiling).tint({ r: 150, g: 95, b: 50 }).modulate({ brightness: 0.6 })
		return { layers: [await fill(photo, photo.ceiling, ceiling)] }
	},
	async 'room-restyled'(photo, photos, rng) {
		const same = photos.filter((p) => p !== photo && p.room === photo.room)
		const pool = same.length ? same : photos.filter((p) => p !== photo && p.room !== 'exterior')
		const source = pool[Math.floor(rng() * pool.length)]
		return { layers: [], base: open(source).resize(photo.width, photo.height, { fit: 'cover' }) }
	},
}

/** The photo (or the edit's base) with the edit's layers, moved by its transform, as a JPEG. */
async function render(photo: Photo, edit: Edit, t: Transform) {
	const edited = await (edit.base ?? open(photo)).composite(edit.layers).removeAlpha().raw().toBuffer()
	let image = sharp(edited, { raw: { width: photo.width, height: photo.height, channels: 3 } })
	if (t.rotateDeg || t.zoom !== 1 || t.shiftX || t.shiftY) {
		const rotated = await image.rotate(t.rotateDeg).raw().toBuffer({ resolveWithObject: true })
		const width = Math.round(rotated.info.width * t.zoom)
		const height = Math.round(rotated.info.height * t.zoom)
		const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)))
		image = sharp(rotated.data, { raw: rotated.info })
			.resize(width, height, { fit: 'fill' })
			.extract({
				left: clamp(width / 2 - photo.width / 2 - t.shiftX * photo.width, width - photo.width),
				top: clamp(height / 2 - photo.height / 2 - t.shiftY * photo.height, height - photo.height),
				width: photo.width,
				height: photo.height,
			})
	}
	return image.jpeg({ quality: 90 }).toBuffer()
}

/**
 * Every edit of every corpus photo that applies to it (a door edit needs a door, and so on); or only
 * those `wanted` (a test's share: each case is the same whichever others are made, as each draws
 * from a generator seeded by its photo and kind).
 */
export async function makeCorpus(
	wanted: (photo: string, kind: EditKind) => boolean = () => true,
): Promise<CorpusCase[]> {
	const photos = await loadPhotos()
	const cases: CorpusCase[] = []
	for (const photo of photos) {
		for (const kind of [...LEGITIMATE, ...PERMANENT]) {
			if (!wanted(photo.file, kind)) continue
			const edit = await edits[kind](photo, photos, random(`${photo.file}/${kind}`))
			if (!edit) continue
			const transform = edit.transform ?? IDENTITY
			const image = await render(photo, edit, transform)
			cases.push({ photo: photo.file, kind, legitimate: LEGITIMATE.includes(kind), image, transform })
		}
	}
	return cases
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
	const out = process.argv[2]
	if (!out) {
		console.error('usage: node --import tsx bench/room-check-corpus.ts <outDir>')
		process.exit(2)
	}
	fs.mkdirSync(out, { recursive: true })
	const cases = await makeCorpus()
	const list = cases.map(({ image, ...c }) => {
		const file = `${path.basename(c.photo, '.jpg')}--${c.kind.replace('+', '-')}.jpg`
		fs.writeFileSync(path.join(out, file), image)
		return { file, ...c }
	})
	fs.writeFileSync(path.join(out, 'cases.json'), `${JSON.stringify(list, null, '\t')}\n`)
	console.log(`${list.length} cases (${list.filter((c) => c.legitimate).length} legitimate) in ${out}`)
}
