/**
 * Masks as shapes: what the studio draws on a photo around a thing it can remove, and what a click
 * is tested against. A mask's outline is traced along its pixels' edges, its stair-steps cut to the
 * midpoints of each pixel edge (as marching squares would), then simplified (Douglas–Peucker) to a
 * few dozen points. Browser-safe (imports nothing): the studio's panel hit-tests these.
 */

/** A point (x, y) in fractions 0..1 of the photo's width and height. */
export type Point = [number, number]

/** A shape: closed rings of points, filled even-odd (a ring inside another is a hole). */
export type Outline = Point[][]

export interface TraceOptions {
	/** How far (mask pixels) the simplified outline may stray from the traced one. */
	tolerance?: number
	/** Rings enclosing fewer mask pixels than this are dropped: specks and pinholes. */
	least?: number
}

/**
 * The outline of the set (non-zero) pixels of a `width` × `height` mask, row by row, in fractions
 * of its size. The rings' even-odd fill is the mask (within `tolerance`), whatever its holes.
 */
export function traceOutline(
	mask: ArrayLike<number>,
	width: number,
	height: number,
	{ tolerance = 0.75, least = 2 }: TraceOptions = {},
): Outline {
	const rings: Outline = []
	for (const corners of boundaryRings(mask, width, height)) {
		// Each pixel edge's midpoint: a pixel's corner is cut, so a stair-step reads as the slope it is.
		const ring = corners.map((p, i): Point => {
			const q = corners[(i + 1) % corners.length]
			return [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2]
		})
		if (Math.abs(ringArea(ring)) < least) continue
		rings.push(simplify(ring, tolerance).map(([x, y]) => [round(x / width), round(y / height)]))
	}
	return rings
}

/** Four decimals: a tenth of a pixel of a 1024-pixel photo, and short in JSON. */
const round = (v: number) => Math.round(v * 1e4) / 1e4

/**
 * The boundary between set and unset pixels as closed rings of pixel corners, one point per pixel
 * edge, each ring clockwise on screen around what it encloses (inside on its right). Where two set
 * pixels touch only at a corner the ring turns from one into the other, so a thing the segmentation joins diagonally (8-connected,
 * objects.ts componentMask) is one ring.
 */
function boundaryRings(mask: ArrayLike<number>, width: number, height: number): Point[][] {
	const set = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x] !== 0
	const side = width + 1
	// Each corner's edges leaving it (at most two, where pixels touch at a corner), as corner indices.
	const leaving = new Map<number, number[]>()
	const edge = (ax: number, ay: number, bx: number, by: number) => {
		const from = ay * side + ax
		const ends = leaving.get(from)
		if (ends) ends.push(by * side + bx)
		else leaving.set(from, [by * side + bx])
	}
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) {
			if (!set(x, y)) continue
			if (!set(x, y - 1)) edge(x, y, x + 1, y)
			if (!set(x + 1, y)) edge(x + 1, y, x + 1, y + 1)
			if (!set(x, y + 1)) edge(x + 1, y + 1, x, y + 1)
			if (!set(x - 1, y)) edge(x, y + 1, x, y)
		}
	const rings: Point[][] = []
	// Every corner has as many edges in as out, so a walk that takes each edge once ends where it began.
	for (const start of leaving.keys()) {
		while (leaving.get(start)?.length) {
			const ring: Point[] = []
			let [at, from] = [start, -1]
			do {
				const ends = leaving.get(at)!
				const k = ends.length > 1 && from >= 0 ? leftTurn(from, at, ends, side) : 0
				const to = ends.splice(k, 1)[0]
				ring.push([at % side, Math.floor(at / side)])
				;[from, at] = [at, to]
			} while (at !== start)
			rings.push(ring)
		}
	}
	return rings
}

/**
 * Of the two edges leaving a corner where pixels touch diagonally, the one turning left: away from
 * the pixel the ring went round (on its right) and into the one touching it.
 */
function leftTurn(from: number, at: number, ends: number[], side: number) {
	const [dx, dy] = [(at % side) - (from % side), Math.floor(at / side) - Math.floor(from / side)]
	const [lx, ly] = [dy, -dx]
	return ends.findIndex(
		(to) => (to % side) - (at % side) === lx && Math.floor(to / side) - Math.floor(at / side) === ly,
	)
}

/** The signed area of a ring (shoelace). */
function ringArea(ring: Point[]) {
	let sum = 0
	for (let i = 0; i < ring.length; i++) {
		const [[ax, ay], [bx, by]] = [ring[i], ring[(i + 1) % ring.length]]
		sum += ax * by - bx * ay
	}
	return sum / 2
}

/** A closed ring simplified with Douglas–Peucker: split at the point farthest from its first, each half simplified. */
function simplify(ring: Point[], tolerance: number): Point[] {
	if (ring.length <= 4) return ring
	let far = 0
	for (let i = 1; i < ring.length; i++) if (distance(ring[i], ring[0]) > distance(ring[far], ring[0])) far = i
	const there = keptOf(ring.slice(0, far + 1), tolerance)
	const back = keptOf([...ring.slice(far), ring[0]], tolerance)
	return [...there, ...back.slice(1, -1)]
}

/** An open path's points kept by Douglas–Peucker (its ends always). */
function keptOf(path: Point[], tolerance: number): Point[] {
	const keep = new Uint8Array(path.length)
	keep[0] = keep[path.length - 1] = 1
	const spans: [number, number][] = [[0, path.length - 1]]
	while (spans.length) {
		const [a, b] = spans.pop()!
		let [worst, at] = [0, -1]
		for (let i = a + 1; i < b; i++) {
			const d = segmentDistance(path[i], path[a], path[b])
			if (d > worst) [worst, at] = [d, i]
		}
		if (worst <= tolerance) continue
		keep[at] = 1
		spans.push([a, at], [at, b])
	}
	return path.filter((_, i) => keep[i])
}

const distance = ([ax, ay]: Point, [bx, by]: Point) => Math.hypot(ax - bx, ay - by)

/** The distance from p to the segment a–b. */
function segmentDistance(p: Point, a: Point, b: Point) {
	const [dx, dy] = [b[0] - a[0], b[1] - a[1]]
	const length2 = dx * dx + dy * dy
	const t = length2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2)) : 0
	return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)
}

/** Whether (x, y) lies inside the shape (even-odd: not in a hole). */
export function insideOutline(outline: Outline, x: number, y: number) {
	let inside = false
	for (const ring of outline)
		for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
			const [[xi, yi], [xj, yj]] = [ring[i], ring[j]]
			if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
		}
	return inside
}

/** The distance from (x, y) to the shape's nearest edge, in fractions of the photo. */
export function distanceToOutline(outline: Outline, x: number, y: number) {
	let nearest = Number.POSITIVE_INFINITY
	for (const ring of outline)
		for (let i = 0; i < ring.length; i++)
			nearest = Math.min(nearest, segmentDistance([x, y], ring[i], ring[(i + 1) % ring.length]))
	return nearest
}

/** The shape as an SVG path's `d` (fill it with fill-rule evenodd). */
export const outlinePath = (outline: Outline) =>
	outline.map((ring) => `M${ring.map(([x, y]) => `${x} ${y}`).join('L')}Z`).join('')
