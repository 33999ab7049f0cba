import type { FontFamily } from '#core/accounts/agent-profile.schema.ts'

/**
 * Which fonts a brochure's text is set in. Browser-safe (the onboarding preview draws with the
 * same theme); ./fonts.ts registers the files behind each name for the PDF renderer.
 */

/** The @fontsource package of each brand font. */
export const BRAND_PACKAGES: Record<FontFamily, string> = {
	Inter: 'inter',
	Roboto: 'roboto',
	'Open Sans': 'open-sans',
	Lato: 'lato',
	Montserrat: 'montserrat',
	'Playfair Display': 'playfair-display',
}

/**
 * The unicode-range pieces each package ships besides Latin, as in its file names
 * (`inter-greek-400-normal.woff`); a test checks them against the installed packages.
 */
export const BRAND_SUBSETS: Record<FontFamily, readonly string[]> = {
	Inter: ['latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'],
	Roboto: ['latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese', 'math', 'symbols'],
	'Open Sans': [
		'latin-ext',
		'cyrillic',
		'cyrillic-ext',
		'greek',
		'greek-ext',
		'vietnamese',
		'hebrew',
		'math',
		'symbols',
	],
	Lato: ['latin-ext'],
	Montserrat: ['latin-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'],
	'Playfair Display': ['latin-ext', 'cyrillic', 'vietnamese'],
}

/**
 * Scripts the brand fonts do not cover, tried in this order for any character the brand font
 * lacks. Arabic and Hebrew come from Noto (their shaping tables included; textkit lays them out
 * right to left). CJK is WenQuanYi Micro Hei, kept in the repository: one 5 MB file covering
 * Chinese, Japanese kana and Korean Hangul, where the npm Noto CJK packages are 57–73 MB each
 * (Apache-2.0, from Debian's fonts-wqy-microhei; see fonts/wqy-microhei.COPYRIGHT). Emoji are
 * Noto Emoji's outline glyphs: PDF viewers cannot show colour bitmap emoji fonts.
 */
export const ARABIC = 'Noto Sans Arabic'
export const HEBREW = 'Noto Sans Hebrew'
export const CJK = 'WenQuanYi Micro Hei'
export const EMOJI = 'Noto Emoji'
/** Noto Emoji's pieces in @fontsource/noto-emoji. */
export const EMOJI_SUBSETS = ['emoji', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] as const

/** The react-pdf family name of one fontsource piece. */
export const subsetFamily = (family: string, subset: string) => `${family} ${subset}`

/**
 * What a brochure's text is set in: the brand font (its Latin first, then its own accented,
 * Greek, Cyrillic and Vietnamese pieces), then the fonts for the scripts it does not cover.
 * react-pdf has no unicode-range: for each character it takes the first family that has its glyph.
 */
export function brochureFontStack(family: FontFamily): string[] {
	return [
		family,
		...BRAND_SUBSETS[family].map((subset) => subsetFamily(family, subset)),
		ARABIC,
		HEBREW,
		CJK,
		...EMOJI_SUBSETS.map((subset) => subsetFamily(EMOJI, subset)),
	]
}
