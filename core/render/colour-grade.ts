import type { Matrix3x3 } from 'sharp'
import type { Look } from './preview-looks.ts'

/** Rec. 709 luma weights: saturation changes pivot on them so brightness survives. */
const LUMA = [0.2126, 0.7152, 0.0722]

/** The look's white balance and saturation as one matrix for sharp's `recomb`. */
export function colourMatrix(look: Look): Matrix3x3 {
	const gains = [1 + 0.14 * look.warmth, 1 + 0.03 * look.warmth, 1 - 0.14 * look.warmth]
	const s = look.saturation
	const row = (i: number) => LUMA.map((weight, j) => gains[i] * ((1 - s) * weight + (i === j ? s : 0)))
	return [row(0), row(1), row(2)] as Matrix3x3
}

// sharp has no lookup-table or radial-mask operation, and its modulate/sharpen/composite steps each
// cost 0.3-0.6 s on a 12-MP photo; one pass over the raw pixels does the curves and the vignette in
// about 0.1 s. It runs on a worker thread (preview-threads.ts), so it may hold its thread throughout.
const FALLOFF_STEPS = 1024

/** Applies the look's tone curves, split toning, vignette and light to packed RGB pixels, in place. */
export function gradePixels(pixels: Buffer, width: number, height: number, look: Look) {
	const [red, green, blue] = [0, 1, 2].map((channel) => toneCurve(look, channel))
	const { dx2, dy2, scale, falloff } = lightFalloff(look, width, height)
	for (let y = 0, i = 0; y < height; y++) {
		const rowD2 = dy2[y]
		for (let x = 0; x < width; x++, i += 3) {
			const f = falloff[((dx2[x] + rowD2) * scale) | 0]
			pixels[i] = red[(pixels[i] * f) | 0]
			pixels[i + 1] = green[(pixels[i + 1] * f) | 0]
			pixels[i + 2] = blue[(pixels[i + 2] * f) | 0]
		}
	}
}

/**
 * One channel's 8-bit curve. It spans 0-511 because the centre light can lift a pixel above 255
 * before the curve; the clamped array rounds and clips for free.
 */
function toneCurve(look: Look, channel: number): Uint8ClampedArray {
	const curve = new Uint8ClampedArray(512)
	for (let i = 0; i < curve.length; i++) {
		let v = Math.min(1, (i / 255) * look.exposure) ** (1 / look.gamma)
		v += look.contrast * v * (1 - v) * (2 * v - 1)
		v += look.shadowTint[channel] * (1 - v) ** 2 + look.highlightTint[channel] * v ** 2
		curve[i] = 255 * (look.blacks + v * (look.whites - look.blacks))
	}
	return curve
}

/**
 * Brightness factor by squared distance from the look's centre (1 = half the frame away), tabulated
 * so the per-pixel cost is an addition and a lookup. The ellipse follows the frame's proportions.
 */
function lightFalloff(look: Look, width: number, height: number) {
	const [cx, cy] = look.centre
	const dx2 = Float32Array.from({ length: width }, (_, x) => ((x + 0.5) / width - cx) ** 2 * 4)
	const dy2 = Float32Array.from({ length: height }, (_, y) => ((y + 0.5) / height - cy) ** 2 * 4)
	const maxD2 = Math.max(dx2[0], dx2[width - 1]) + Math.max(dy2[0], dy2[height - 1])
	const scale = (FALLOFF_STEPS - 1) / maxD2
	const falloff = Float32Array.from({ length: FALLOFF_STEPS }, (_, step) => {
		const d = Math.sqrt(step / scale)
		return (1 + look.light * (1 - smoothstep(0, 1, d))) * (1 - look.vignette * smoothstep(0.45, 1.45, d))
	})
	return { dx2, dy2, scale, falloff }
}

function smoothstep(edge0: number, edge1: number, x: number) {
	const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)))
	return t * t * (3 - 2 * t)
}
