import type { FontFamily, TemplateStyle } from '#core/accounts/agent-profile.schema.ts'
import { brochureFontStack } from './font-stack.ts'

/** The colours a template paints with, derived from the agent's three brand colours. */
export interface Theme {
	template: TemplateStyle
	/** The brand font first, then the fonts for scripts it lacks. */
	font: string[]
	primary: string
	secondary: string
	accent: string
	/** Text on the primary colour. */
	onPrimary: string
	/** Text on the accent colour. */
	onAccent: string
	/** Page background and body text of room and closing pages. */
	paper: string
	ink: string
	muted: string
	/** Accent used as a line or text on the paper, readable there. */
	accentOnPaper: string
}

function channels(hex: string) {
	const n = Number.parseInt(hex.slice(1), 16)
	return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function luminance(hex: string) {
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

/** The preferred colour if it reads on the background (WCAG large-text 3:1), else black or white. */
export function readableOn(background: string, preferred: string) {
	if (contrast(background, preferred) >= 3) return preferred
	return contrast(background, '#000000') >= contrast(background, '#ffffff') ? '#111111' : '#ffffff'
}

/**
 * Modern prints on white with the primary colour as a block; classic on the secondary colour
 * (a light one, else ivory) with primary rules; luxury on near-black with the accent as its gold.
 */
export function themeFor(brand: {
	primaryColor: string
	secondaryColor: string
	accentColor: string
	fontFamily: FontFamily
	templateStyle: TemplateStyle
}): Theme {
	const { primaryColor: primary, secondaryColor: secondary, accentColor: accent } = brand
	const paper =
		brand.templateStyle === 'luxury'
			? '#0e0e10'
			: brand.templateStyle === 'classic'
				? luminance(secondary) > 0.7
					? secondary
					: '#fbf8f1'
				: '#ffffff'
	const dark = luminance(paper) < 0.2
	return {
		template: brand.templateStyle,
		font: brochureFontStack(brand.fontFamily),
		primary,
		secondary,
		accent,
		onPrimary: readableOn(primary, secondary),
		onAccent: readableOn(accent, '#ffffff'),
		paper,
		ink: dark ? '#f4f1ea' : '#1b1b1f',
		muted: dark ? '#a29f98' : '#5f6068',
		accentOnPaper: readableOn(paper, accent),
	}
}
