/**
 * CIE Lab (D65, sRGB) in floating point, for repainting and for measuring a repaint: L 0–100, a
 * and b around 0. (OpenCV's 8-bit Lab, which the room check compares cells in, is scaled to bytes
 * and too coarse to repaint with.)
 */
export type Lab = [number, number, number]

const WHITE = [0.95047, 1, 1.08883]

/** sRGB byte → linear light, the 256 values. */
export const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
	const c = v / 255
	return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
})

const f = (t: number) => (t > (6 / 29) ** 3 ? Math.cbrt(t) : t / (3 * (6 / 29) ** 2) + 4 / 29)
const fInverse = (t: number) => (t > 6 / 29 ? t ** 3 : 3 * (6 / 29) ** 2 * (t - 4 / 29))

export function rgbToLab(r: number, g: number, b: number): Lab {
	const [R, G, B] = [LINEAR[r], LINEAR[g], LINEAR[b]]
	const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / WHITE[0]
	const y = 0.2126729 * R + 0.7151522 * G + 0.072175 * B
	const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / WHITE[2]
	const [fx, fy, fz] = [f(x), f(y), f(z)]
	return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)]
}

/** Lightness alone, from the luminance Y (linear light). */
export const lightness = (y: number) => 116 * f(y) - 16

/** Lab → sRGB bytes, each channel clamped to 0–255 (a colour outside sRGB keeps its lightness as best it can). */
export function labToRgb([L, a, b]: Lab): [number, number, number] {
	const fy = (L + 16) / 116
	const [x, y, z] = [WHITE[0] * fInverse(fy + a / 500), fInverse(fy), WHITE[2] * fInverse(fy - b / 200)]
	const linear = [
		3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
		-0.969266 * x + 1.8760108 * y + 0.041556 * z,
		0.0556434 * x - 0.2040259 * y + 1.0572252 * z,
	]
	const encode = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055)
	return linear.map((c) => Math.round(255 * Math.min(1, Math.max(0, encode(c))))) as [number, number, number]
}

/** '#d8d2c4' (or 'd8d2c4', '#abc') → sRGB bytes; null when it is no hex colour. */
export function parseHex(hex: string): [number, number, number] | null {
	const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
	if (!m) return null
	const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join('') : m[1]
	return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number]
}

/** CIE76 colour difference: the distance in Lab. */
export const deltaE = (p: Lab, q: Lab) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2])
