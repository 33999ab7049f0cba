import type { FontFamily, TemplateStyle } from '#core/accounts/agent-profile.schema.ts'
import { luminance, readableOn } from '#core/accounts/brand-colours.ts'
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
