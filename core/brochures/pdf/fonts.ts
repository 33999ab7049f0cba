import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Font } from '@react-pdf/renderer'
import { FONT_FAMILIES, type FontFamily } from '#core/accounts/agent-profile.schema.ts'

const require = createRequire(import.meta.url)

const PACKAGES: Record<FontFamily, string> = {
	Inter: 'inter',
	Roboto: 'roboto',
	'Open Sans': 'open-sans',
	Lato: 'lato',
	Montserrat: 'montserrat',
	'Playfair Display': 'playfair-display',
}

/**
 * Scripts the brand fonts do not cover, tried in this order for any character the brand font
 * lacks. Arabic and Hebrew come from Noto (their shaping tables included; textkit lays them out
 * right to left). CJK is WenQuanYi Micro Hei, kept in the repository: one 5 MB file covering
 * Chinese, Japanese kana and Korean Hangul, where the npm Noto CJK packages are 57–73 MB each
 * (Apache-2.0, from Debian's fonts-wqy-microhei; see fonts/wqy-microhei.COPYRIGHT). Emoji are
 * Noto Emoji's outline glyphs: PDF viewers cannot show colour bitmap emoji fonts.
 */
const ARABIC = 'Noto Sans Arabic'
const HEBREW = 'Noto Sans Hebrew'
const CJK = 'WenQuanYi Micro Hei'
const EMOJI = 'Noto Emoji'

let registered = false
const LONGEST_WHOLE_WORD = 20
const WORD_PIECE = /[\s\S]{1,12}/gu

function fontsourceFiles(name: string) {
	return path.join(path.dirname(require.resolve(`@fontsource/${name}/package.json`)), 'files')
}

/** The unicode-range pieces fontsource cut a font into, named as in its file names. */
function subsetsOf(name: string) {
	const pattern = new RegExp(`^${name}-(.+)-400-normal\\.woff$`)
	return fs.readdirSync(fontsourceFiles(name)).flatMap((file) => file.match(pattern)?.[1] ?? [])
}

/**
 * One react-pdf family per fontsource subset: react-pdf has no unicode-range, but picks for each
 * character the first family in a style's fontFamily list that has its glyph. Every family gets
 * all four faces a template asks for; a face the package lacks (Noto's Arabic has no italic) is
 * set in the nearest one it has.
 */
function registerSubset(family: string, name: string, subset: string) {
	const files = fontsourceFiles(name)
	const file = (weight: number, style: string) => path.join(files, `${name}-${subset}-${weight}-${style}.woff`)
	const nearest = (weight: number, style: string) =>
		[file(weight, style), file(weight, 'normal'), file(400, 'normal')].find((candidate) => fs.existsSync(candidate))!
	Font.register({ family, fonts: fourFaces(nearest) })
}

/** Regular, italic, bold and bold italic, each from the file `src` names for it. */
const fourFaces = (src: (weight: number, style: 'normal' | 'italic') => string) =>
	[400, 700].flatMap((fontWeight) => (['normal', 'italic'] as const).map((fontStyle) => ({ src: src(fontWeight, fontStyle), fontWeight, fontStyle })))

const subsetFamily = (family: string, subset: string) => (subset === 'latin' ? family : `${family} ${subset}`)

/**
 * What a brochure's text is set in: the brand font (its Latin first, then its own accented,
 * Greek, Cyrillic and Vietnamese pieces), then the fonts for the scripts it does not cover.
 */
export function brochureFontStack(family: FontFamily): string[] {
	const brand = subsetsOf(PACKAGES[family]).map((subset) => subsetFamily(family, subset))
	const emoji = subsetsOf('noto-emoji').map((subset) => subsetFamily(EMOJI, subset))
	return [family, ...brand.filter((name) => name !== family), ARABIC, HEBREW, CJK, ...emoji]
}

/**
 * Registers the brand fonts and the other scripts' fonts from files installed with the app
 * (fontsource packages and the CJK file beside this module), so building a PDF never fetches anything.
 */
export function registerBrochureFonts() {
	if (registered) return
	for (const family of FONT_FAMILIES) {
		const name = PACKAGES[family]
		for (const subset of subsetsOf(name)) registerSubset(subsetFamily(family, subset), name, subset)
	}
	registerSubset(ARABIC, 'noto-sans-arabic', 'arabic')
	registerSubset(HEBREW, 'noto-sans-hebrew', 'hebrew')
	for (const subset of subsetsOf('noto-emoji')) registerSubset(subsetFamily(EMOJI, subset), 'noto-emoji', subset)
	const cjk = path.join(import.meta.dirname, 'fonts', 'wqy-microhei.ttc')
	Font.register({ family: CJK, fonts: fourFaces(() => cjk).map((face) => ({ ...face, postscriptName: 'WenQuanYiMicroHei' })) })
	// Words are never split with hyphens: addresses and names read better whole. Only a word too
	// long for any line (a 60-letter surname, a pasted URL) is cut into pieces a line can hold, so
	// it wraps instead of running off the page.
	Font.registerHyphenationCallback((word) => (word.length <= LONGEST_WHOLE_WORD ? [word] : (word.match(WORD_PIECE) ?? [word])))
	registered = true
}
