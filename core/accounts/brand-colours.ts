/**
 * Reading text on an agency's colours, by WCAG 2's contrast ratio: 3:1 for large text (the PDF's
 * headings), 4.5:1 for body text and links (the buyer's web pages and e-mail, which axe checks).
 */

/** WCAG's ratio for text of normal size. */
export const BODY_TEXT_CONTRAST = 4.5

function channels(hex: string) {
	const n = Number.parseInt(hex.slice(1), 16)
	return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function toHex(rgb: number[]) {
	return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
}

export function luminance(hex: string) {
	const [r, g, b] = channels(hex).map((c) => {
		const s = c / 255
		return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
	})
	return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrast(a: string, b: string) {
	const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
	return (hi + 0.05) / (lo + 0.05)
}

/** The preferred colour if it reads on the background (by default WCAG large-text 3:1), else black or white. */
export function readableOn(background: string, preferred: string, ratio = 3) {
	if (contrast(background, preferred) >= ratio) return preferred
	return contrast(background, '#000000') >= contrast(background, '#ffffff') ? '#111111' : '#ffffff'
}

/**
 * The brand colour as text on the background: itself when it reads (4.5:1), else the same hue
 * darkened (on a light background) or lightened (on a dark one) just enough, so an agency's light
 * blue becomes a deeper blue rather than black.
 */
export function legibleOn(background: string, colour: string, ratio = BODY_TEXT_CONTRAST) {
	if (contrast(background, colour) >= ratio) return colour
	const towards = luminance(background) > 0.18 ? [0, 0, 0] : [255, 255, 255]
	const from = channels(colour)
	for (let step = 1; step <= 20; step++) {
		const mixed = toHex(from.map((c, i) => c + ((towards[i] - c) * step) / 20))
		if (contrast(background, mixed) >= ratio) return mixed
	}
	return toHex(towards)
}
