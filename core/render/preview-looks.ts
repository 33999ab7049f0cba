import type { Style } from './provider.ts'

/**
 * A style's colour grade for the local preview. Neutral values: warmth 0, saturation 1, exposure 1,
 * gamma 1, contrast 0, blacks 0, whites 1, tints [0, 0, 0], vignette 0, light 0.
 */
export interface Look {
	/** White balance, -1 (cool, blue) to 1 (warm, amber). */
	warmth: number
	saturation: number
	/** Linear gain before the tone curve; highlights roll off instead of clipping. */
	exposure: number
	/** Above 1 lifts shadows and midtones. */
	gamma: number
	/** S-curve strength, -1 (flat) to 1 (punchy). */
	contrast: number
	/** Output black level: above 0 fades to a matte black, below 0 crushes shadows. */
	blacks: number
	/** Output white level: below 1 softens highlights. */
	whites: number
	/** RGB offsets added to the shadows and to the highlights (split toning). */
	shadowTint: readonly [number, number, number]
	highlightTint: readonly [number, number, number]
	/** How much the corners darken, 0 to ~0.5. */
	vignette: number
	/** Extra light in the middle of the frame, 0 to ~0.1. */
	light: number
	/** Centre of the vignette and light, as a fraction of width and height. */
	centre: readonly [number, number]
}

const NEUTRAL: Look = {
	warmth: 0,
	saturation: 1,
	exposure: 1,
	gamma: 1,
	contrast: 0,
	blacks: 0,
	whites: 1,
	shadowTint: [0, 0, 0],
	highlightTint: [0, 0, 0],
	vignette: 0,
	light: 0,
	centre: [0.5, 0.5],
}

const LOOKS: Record<Style, Partial<Look>> = {
	standard: { warmth: 0.05, saturation: 1.08, exposure: 1.04, contrast: 0.15, vignette: 0.08, light: 0.02 },
	modern: { warmth: -0.06, saturation: 0.9, exposure: 1.05, gamma: 1.05, contrast: 0.5, blacks: -0.02, vignette: 0.05 },
	scandinavian: {
		warmth: -0.12,
		saturation: 0.8,
		exposure: 1.14,
		gamma: 1.15,
		contrast: -0.1,
		blacks: 0.07,
		highlightTint: [0, 0.005, 0.015],
		light: 0.06,
	},
	industrial: {
		warmth: -0.2,
		saturation: 0.5,
		gamma: 1.05,
		contrast: 0.6,
		blacks: -0.03,
		shadowTint: [-0.01, 0, 0.025],
		vignette: 0.32,
	},
	luxury: {
		warmth: 0.3,
		saturation: 1.12,
		contrast: 0.5,
		blacks: -0.04,
		highlightTint: [0.03, 0.015, -0.03],
		vignette: 0.25,
		light: 0.04,
	},
	coastal: {
		warmth: -0.55,
		saturation: 1.05,
		exposure: 1.1,
		gamma: 1.08,
		contrast: 0.1,
		blacks: 0.02,
		shadowTint: [-0.06, 0.025, 0.08],
		highlightTint: [-0.03, 0.01, 0.04],
		light: 0.05,
	},
	farmhouse: {
		warmth: 0.22,
		saturation: 0.78,
		exposure: 1.04,
		contrast: -0.2,
		blacks: 0.12,
		whites: 0.94,
		highlightTint: [0.02, 0.012, -0.01],
		vignette: 0.12,
	},
	midcentury: {
		warmth: 0.1,
		saturation: 1.25,
		exposure: 1.02,
		contrast: 0.3,
		shadowTint: [-0.07, 0.03, 0.07],
		highlightTint: [0.07, 0.02, -0.06],
		vignette: 0.15,
	},
}

/**
 * The look of one variation: the style's grade shifted by small amounts drawn from a generator seeded
 * with the style and index, so a variation is reproducible byte for byte and its siblings differ.
 */
export function lookFor(style: Style, variationIndex: number): Look {
	const look = { ...NEUTRAL, ...LOOKS[style] }
	const jitter = seededJitter(`${style}:${variationIndex}`)
	return {
		...look,
		warmth: look.warmth + jitter(0.12),
		exposure: look.exposure * (1 + jitter(0.08)),
		contrast: look.contrast + jitter(0.12),
		vignette: Math.max(0, look.vignette + jitter(0.12)),
		centre: [0.5 + jitter(0.12), 0.5 + jitter(0.08)],
	}
}

/** Returns a function giving deterministic values in [-range/2, range/2). */
function seededJitter(seed: string) {
	// FNV-1a to turn the seed into 32 bits, then mulberry32: tiny, fast and well spread.
	let state = 0x811c9dc5
	for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193)
	return (range: number) => {
		state = (state + 0x6d2b79f5) | 0
		let t = Math.imul(state ^ (state >>> 15), 1 | state)
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
		const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296
		return (unit - 0.5) * range
	}
}
