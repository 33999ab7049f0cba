import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Font } from '@react-pdf/renderer'
import { FONT_FAMILIES } from '#core/accounts/agent-profile.schema.ts'
import { ARABIC, BRAND_PACKAGES, BRAND_SUBSETS, CJK, EMOJI, EMOJI_SUBSETS, HEBREW, subsetFamily } from './font-stack.ts'

const require = createRequire(import.meta.url)

let registered = false
const LONGEST_WHOLE_WORD = 20
const WORD_PIECE = /[\s\S]{1,12}/gu

export function fontsourceFiles(name: string) {
	return path.join(path.dirname(require.resolve(`@fontsource/${name}/package.json`)), 'files')
}

/** Regular, italic, bold and bold italic, each from the file `src` names for it. */
const fourFaces = (src: (weight: number, style: 'normal' | 'italic') => string) =>
	[400, 700].flatMap((fontWeight) =>
		(['normal', 'italic'] as const).map((fontStyle) => ({ src: src(fontWeight, fontStyle), fontWeight, fontStyle })),
	)

/**
 * One react-pdf family per fontsource piece, with all four faces a template asks for; a face the
 * package lacks (Noto's Arabic has no italic) is set in the nearest one it has.
 */
function registerSubset(family: string, name: string, subset: string) {
	const files = fontsourceFiles(name)
	const file = (weight: number, style: string) => path.join(files, `${name}-${subset}-${weight}-${style}.woff`)
	const nearest = (weight: number, style: string) =>
		[file(weight, style), file(weight, 'normal'), file(400, 'normal')].find((candidate) => fs.existsSync(candidate))!
	Font.register({ family, fonts: fourFaces(nearest) })
}

/**
 * Registers the brand fonts and the other scripts' fonts from files installed with the app
 * (fontsource packages and the CJK file beside this module), so building a PDF never fetches anything.
 */
export function registerBrochureFonts() {
	if (registered) return
	for (const family of FONT_FAMILIES) {
		const name = BRAND_PACKAGES[family]
		registerSubset(family, name, 'latin')
		for (const subset of BRAND_SUBSETS[family]) registerSubset(subsetFamily(family, subset), name, subset)
	}
	registerSubset(ARABIC, 'noto-sans-arabic', 'arabic')
	registerSubset(HEBREW, 'noto-sans-hebrew', 'hebrew')
	for (const subset of EMOJI_SUBSETS) registerSubset(subsetFamily(EMOJI, subset), 'noto-emoji', subset)
	const cjk = path.join(import.meta.dirname, 'fonts', 'wqy-microhei.ttc')
	Font.register({
		family: CJK,
		fonts: fourFaces(() => cjk).map((face) => ({ ...face, postscriptName: 'WenQuanYiMicroHei' })),
	})
	// Words are never split with hyphens: addresses and names read better whole. Only a word too
	// long for any line (a 60-letter surname, a pasted URL) is cut into pieces a line can hold, so
	// it wraps instead of running off the page.
	Font.registerHyphenationCallback((word) =>
		word.length <= LONGEST_WHOLE_WORD ? [word] : (word.match(WORD_PIECE) ?? [word]),
	)
	registered = true
}
