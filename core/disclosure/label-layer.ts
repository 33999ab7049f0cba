import { createRequire } from 'node:module'
import path from 'node:path'
import * as fontkit from 'fontkit'

const require = createRequire(import.meta.url)

/** The label's text height as a share of the image's shorter side: legible on a phone, small on a print. */
const TEXT_SHARE = 0.032
/** Never smaller than this many pixels, so a thumbnail-sized image still reads. */
const MIN_TEXT_PX = 11
const MARGIN_SHARE = 0.03

/**
 * Each label's words laid out once in Inter Bold from the installed @fontsource package: drawn as
 * outlines, so no system font is needed, and the same for every photo but for its scale.
 */
let font: fontkit.Font | undefined
const runs = new Map<string, fontkit.GlyphRun>()
function labelRun(text: string) {
	font ??= fontkit.openSync(
		path.join(path.dirname(require.resolve('@fontsource/inter/package.json')), 'files', 'inter-latin-700-normal.woff'),
	) as fontkit.Font
	let run = runs.get(text)
	if (!run) runs.set(text, (run = font.layout(text)))
	return { font, run }
}

/**
 * The label as an SVG layer the size of its pill and where it goes: the bottom-left corner,
 * opposite the logo watermark (bottom-right), scaled to the image; white letters on a translucent
 * dark pill, which reads on light and dark photos alike. Only the pill is drawn, not a layer the
 * size of the photo, so a 12-megapixel photo pays for a few thousand pixels.
 */
export function disclosureLabelLayer(
	text: string,
	width: number,
	height: number,
): { input: Buffer; left: number; top: number } {
	const { font, run } = labelRun(text)
	const fontSize = Math.max(MIN_TEXT_PX, Math.round(Math.min(width, height) * TEXT_SHARE))
	const scale = fontSize / font.unitsPerEm
	const padX = Math.round(fontSize * 0.6)
	const boxWidth = Math.ceil(run.advanceWidth * scale + 2 * padX)
	const boxHeight = Math.round(fontSize * 1.8)
	const margin = Math.round(Math.min(width, height) * MARGIN_SHARE)
	// Baseline so that the capitals sit in the middle of the pill.
	const baseline = boxHeight / 2 + (font.capHeight * scale) / 2
	let x = padX
	const glyphs = run.glyphs.map((glyph, i) => {
		const position = run.positions[i]
		const placed = `<path transform="translate(${(x + position.xOffset * scale).toFixed(2)} ${(baseline - position.yOffset * scale).toFixed(2)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${glyph.path.toSVG()}"/>`
		x += position.xAdvance * scale
		return placed
	})
	const svg =
		`<svg xmlns="http://www.w3.org/2000/svg" width="${boxWidth}" height="${boxHeight}">` +
		`<rect width="${boxWidth}" height="${boxHeight}" rx="${boxHeight / 2}" fill="#000" fill-opacity="0.62"/>` +
		`<g fill="#fff">${glyphs.join('')}</g></svg>`
	return { input: Buffer.from(svg), left: margin, top: height - margin - boxHeight }
}
