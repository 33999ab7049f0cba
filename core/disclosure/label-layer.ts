import { createRequire } from 'node:module'
import path from 'node:path'
import * as fontkit from 'fontkit'
import QRCode from 'qrcode'

const require = createRequire(import.meta.url)

/** The label's text height as a share of the image's shorter side: legible on a phone, small on a print. */
const TEXT_SHARE = 0.032
/** Never smaller than this many pixels, so a thumbnail-sized image still reads. */
const MIN_TEXT_PX = 11
const MARGIN_SHARE = 0.03
/** The address line's letters against the first line's: it is read up close, the first line at a glance. */
const ADDRESS_SHARE = 0.75
/** The width a phone or a listing shows an image at, which the code must survive being shrunk to. */
const QR_VIEW_WIDTH = 1080
/**
 * A QR module's side in whole pixels (crisp modules), as small as jsQR still reads it on the JPEG
 * as delivered (quality 90, 4:2:0) and on the image shown 1080 px wide, as a phone or a listing
 * shows it. Measured on real and synthetic room photos, at several offsets against the JPEG's 8×8
 * blocks, with version-5 and version-7 codes (docs/disclosure.md):
 * - at the image's own size jsQR reads 1 px modules at 800, 990, 1600 and 4000 px wide, every time;
 *   2 px is twice that;
 * - shown 1080 px wide (a downscale only for wider images) it needs about 2.4 px per module as
 *   shown: 2.0 px failed 2 in 16, 2.3 px 11 in 96, 2.4 and 2.5 px none in 96 (1600 px wide: 3 px
 *   14/16, 4 px 16/16; 2400: 4 px 14/16, 5 px 16/16; 4000: 6 px 14/16, 7 px 16/16). A module of
 *   width / 400 is 2.7 px as shown, at least.
 * So 2 px up to 1080 px wide (a version-5 code 90 px, 9 % of 990) and ceil(width / 400) above
 * (1600: 4 px, 4000: 10 px, 11 % of the width); on an A4 print (190 mm wide) 0.38–0.48 mm.
 */
export const qrModulePx = (width: number) => (width <= QR_VIEW_WIDTH ? 2 : Math.ceil(width / 400))
/** The white margin round the code, in modules, as ISO/IEC 18004 asks: the photo behind is no margin. */
const QUIET_MODULES = 4

/** What the burnt-in disclosure says, and for an altered image where its original is. */
export interface DisclosureLabel {
	/** The first line: the agency's own words, or what was done ("Virtually staged"). */
	text: string
	/**
	 * The originals page's short address (a second line, to type) and the image's own place on it
	 * (the QR code). Null for an image that is not altered (an enhanced photo): it is labelled alone.
	 */
	original: { address: string; url: string } | null
}

export interface Layer {
	input: Buffer
	left: number
	top: number
}

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

const textWidth = (text: string, size: number) => {
	const { font, run } = labelRun(text)
	return run.advanceWidth * (size / font.unitsPerEm)
}

/** One line of text as SVG paths, its baseline at `baseline` and starting at `left`. */
function textPaths(text: string, size: number, left: number, baseline: number) {
	const { font, run } = labelRun(text)
	const scale = size / font.unitsPerEm
	let x = left
	return run.glyphs
		.map((glyph, i) => {
			const position = run.positions[i]
			const placed = `<path transform="translate(${(x + position.xOffset * scale).toFixed(2)} ${(baseline - position.yOffset * scale).toFixed(2)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${glyph.path.toSVG()}"/>`
			x += position.xAdvance * scale
			return placed
		})
		.join('')
}

/**
 * White letters on a translucent dark pill, which reads on light and dark photos alike: one line
 * or more, each its own size, the capitals of each centred in its slot.
 */
function pill(lines: Array<{ text: string; size: number }>) {
	const { font } = labelRun(lines[0].text)
	const first = lines[0].size
	const padX = Math.round(first * 0.6)
	const width = Math.ceil(Math.max(...lines.map((l) => textWidth(l.text, l.size))) + 2 * padX)
	// 0.4 of the first line above and below, 0.35 of a line between lines: one line is 1.8 of its size tall.
	const height = Math.round(
		0.8 * first + lines.reduce((sum, line, i) => sum + line.size + (i ? 0.35 * line.size : 0), 0),
	)
	let top = 0.4 * first
	const paths = lines.map((line, i) => {
		if (i) top += 0.35 * line.size
		const baseline = top + line.size / 2 + (font.capHeight * (line.size / font.unitsPerEm)) / 2
		top += line.size
		return textPaths(line.text, line.size, padX, baseline)
	})
	const radius = lines.length === 1 ? height / 2 : Math.round(first * 0.5)
	const svg =
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
		`<rect width="${width}" height="${height}" rx="${radius}" fill="#000" fill-opacity="0.62"/>` +
		`<g fill="#fff">${paths.join('')}</g></svg>`
	return { input: Buffer.from(svg), width, height }
}

/**
 * The QR code of a URL as black squares on a white square with its quiet zone, whole pixels per
 * module. Level M: a URL of ~85 characters is version 5 (37 modules), and 15% of it may be lost to
 * JPEG, print or a crease.
 */
function qrCode(url: string, modulePx: number) {
	const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
	const n = modules.size
	const side = (n + 2 * QUIET_MODULES) * modulePx
	let dark = ''
	for (let row = 0; row < n; row++)
		for (let col = 0; col < n; col++) {
			if (!modules.data[row * n + col]) continue
			// Runs of dark modules along the row as one rectangle each.
			let run = 1
			while (col + run < n && modules.data[row * n + col + run]) run++
			dark += `M${(col + QUIET_MODULES) * modulePx} ${(row + QUIET_MODULES) * modulePx}h${run * modulePx}v${modulePx}h${-run * modulePx}z`
			col += run - 1
		}
	const svg =
		`<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" shape-rendering="crispEdges">` +
		`<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${dark}"/></svg>`
	return { input: Buffer.from(svg), side }
}

/** The corners the QR code may take, the first preferred (beside its words); the logo's corner (bottom-right) never. */
export const QR_CORNERS = ['bottom-left', 'top-left', 'top-right'] as const
export type QrCorner = (typeof QR_CORNERS)[number]

const marginOf = (width: number, height: number) => Math.round(Math.min(width, height) * MARGIN_SHARE)
const qrSideOf = (url: string, width: number) =>
	(QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.size + 2 * QUIET_MODULES) * qrModulePx(width)

/** Where the QR code (with its quiet zone) sits in a corner: its left and top edges and its side. */
function qrBox(corner: QrCorner, side: number, width: number, height: number) {
	const margin = marginOf(width, height)
	return {
		left: corner === 'top-right' ? width - margin - side : margin,
		top: corner === 'bottom-left' ? height - margin - side : margin,
		side,
	}
}

/** The box the QR code of a label would cover in each corner it may take; none for a label without one. */
export const qrBoxes = (label: DisclosureLabel, width: number, height: number) => {
	if (!label.original) return []
	const side = qrSideOf(label.original.url, width)
	return QR_CORNERS.map((corner) => ({ corner, ...qrBox(corner, side, width, height) }))
}

/**
 * The label as SVG layers the size of what they draw, the words bottom-left, opposite the logo
 * (bottom-right) and scaled to the image: only the label is drawn, not a layer the size of the
 * photo, so a 12-megapixel photo pays for a few thousand pixels.
 *
 * An altered image's label leads to its original: the QR code in `qrCorner` (beside the words when
 * bottom-left, `quietestQrCorner` chooses) and the pill with the label's words over "Original:
 * <address>". The pill ends before `right` (where the logo's corner begins), its letters made
 * smaller if the image is too narrow for them.
 */
export function disclosureLabelLayers(
	label: DisclosureLabel,
	width: number,
	height: number,
	{ right = width, qrCorner = 'bottom-left' }: { right?: number; qrCorner?: QrCorner } = {},
): Layer[] {
	const shorter = Math.min(width, height)
	const fontSize = Math.max(MIN_TEXT_PX, Math.round(shorter * TEXT_SHARE))
	const margin = marginOf(width, height)
	if (!label.original) {
		const alone = pill([{ text: label.text, size: fontSize }])
		return [{ input: alone.input, left: margin, top: height - margin - alone.height }]
	}

	const qr = qrCode(label.original.url, qrModulePx(width))
	const box = qrBox(qrCorner, qr.side, width, height)
	const pillLeft = qrCorner === 'bottom-left' ? margin + qr.side + Math.round(margin / 2) : margin
	const lines = [
		{ text: label.text, size: fontSize },
		{ text: `Original: ${label.original.address}`, size: Math.max(MIN_TEXT_PX, fontSize * ADDRESS_SHARE) },
	]
	const room = right - margin - pillLeft
	const natural = pill(lines)
	const fitted =
		natural.width <= room
			? natural
			: pill(lines.map((l) => ({ ...l, size: Math.max(MIN_TEXT_PX, (l.size * room) / natural.width) })))
	return [
		{ input: qr.input, left: box.left, top: box.top },
		{ input: fitted.input, left: pillLeft, top: height - margin - fitted.height },
	]
}
