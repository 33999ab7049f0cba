import { createRequire } from 'node:module'
import path from 'node:path'
import * as fontkit from 'fontkit'
import { DISCLOSURE_LABEL } from '#core/accounts/agent-profile.schema.ts'

const require = createRequire(import.meta.url)

/** The label's text height as a share of the image's shorter side: legible on a phone, small on a print. */
const TEXT_SHARE = 0.032
/** Never smaller than this many pixels, so a thumbnail-sized image still reads. */
const MIN_TEXT_PX = 11
const MARGIN_SHARE = 0.03

let font: fontkit.Font | null = null

/** Inter Bold from the installed @fontsource package: the label is drawn as outlines, so no system font is needed. */
function labelFont() {
	const file = path.join(path.dirname(require.resolve('@fontsource/inter/package.json')), 'files', 'inter-latin-700-normal.woff')
	return (font ??= fontkit.openSync(file) as fontkit.Font)
}

export interface LabelBox {
	left: number
	top: number
	width: number
	height: number
}

/**
 * Where the label goes on an image of this size: the bottom-left corner, opposite the logo
 * watermark (bottom-right), scaled to the image.
 */
export function disclosureLabelBox(width: number, height: number): LabelBox & { fontSize: number; padX: number } {
	const fontSize = Math.max(MIN_TEXT_PX, Math.round(Math.min(width, height) * TEXT_SHARE))
	const run = labelFont().layout(DISCLOSURE_LABEL)
	const textWidth = (run.advanceWidth / labelFont().unitsPerEm) * fontSize
	const padX = Math.round(fontSize * 0.6)
	const boxHeight = Math.round(fontSize * 1.8)
	const margin = Math.round(Math.min(width, height) * MARGIN_SHARE)
	return { left: margin, top: height - margin - boxHeight, width: Math.ceil(textWidth + 2 * padX), height: boxHeight, fontSize, padX }
}

/**
 * The label as an SVG layer the size of its pill and where it goes: white letters on a translucent
 * dark pill, which reads on light and dark photos alike. Only the pill is drawn, not a layer the
 * size of the photo, so a 12-megapixel photo pays for a few thousand pixels.
 */
export function disclosureLabelLayer(width: number, height: number): { input: Buffer; left: number; top: number } {
	const box = disclosureLabelBox(width, height)
	const f = labelFont()
	const scale = box.fontSize / f.unitsPerEm
	const run = f.layout(DISCLOSURE_LABEL)
	// Baseline so that the capitals sit in the middle of the pill.
	const baseline = box.height / 2 + ((f.capHeight / f.unitsPerEm) * box.fontSize) / 2
	let x = box.padX
	const glyphs = run.glyphs.map((glyph, i) => {
		const position = run.positions[i]
		const placed = `<path transform="translate(${(x + position.xOffset * scale).toFixed(2)} ${(baseline - position.yOffset * scale).toFixed(2)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${glyph.path.toSVG()}"/>`
		x += position.xAdvance * scale
		return placed
	})
	const svg =
		`<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}">` +
		`<rect width="${box.width}" height="${box.height}" rx="${box.height / 2}" fill="#000" fill-opacity="0.62"/>` +
		`<g fill="#fff">${glyphs.join('')}</g></svg>`
	return { input: Buffer.from(svg), left: box.left, top: box.top }
}
