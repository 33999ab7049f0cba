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

let registered = false
const LONGEST_WHOLE_WORD = 20
const WORD_PIECE = /[\s\S]{1,12}/gu

/**
 * Registers the six brand fonts from the installed @fontsource packages' .woff files (latin
 * subset, regular, italic and bold), so building a PDF never fetches anything.
 */
export function registerBrochureFonts() {
	if (registered) return
	for (const family of FONT_FAMILIES) {
		const name = PACKAGES[family]
		const files = path.join(path.dirname(require.resolve(`@fontsource/${name}/package.json`)), 'files')
		const file = (weight: number, style: 'normal' | 'italic') => path.join(files, `${name}-latin-${weight}-${style}.woff`)
		Font.register({
			family,
			fonts: [
				{ src: file(400, 'normal'), fontWeight: 400 },
				{ src: file(400, 'italic'), fontWeight: 400, fontStyle: 'italic' },
				{ src: file(700, 'normal'), fontWeight: 700 },
				{ src: file(700, 'italic'), fontWeight: 700, fontStyle: 'italic' },
			],
		})
	}
	// Words are never split with hyphens: addresses and names read better whole. Only a word too
	// long for any line (a 60-letter surname, a pasted URL) is cut into pieces a line can hold, so
	// it wraps instead of running off the page.
	Font.registerHyphenationCallback((word) => (word.length <= LONGEST_WHOLE_WORD ? [word] : (word.match(WORD_PIECE) ?? [word])))
	registered = true
}
