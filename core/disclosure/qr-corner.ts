import { sharp } from '#core/platform/sharp.ts'
import { type DisclosureLabel, QR_CORNERS, type QrCorner, qrBoxes } from './label-layer.ts'

/** The image is looked at this many pixels on its longer side: a code of a tenth of the width is ~30 px. */
const LOOK_PX = 320
/**
 * How much quieter (in grey levels of detail) another corner must be for the code to leave its
 * words: a plain wall's grain differs by a level or so from corner to corner, a rug by tens.
 */
const TOLERANCE = 2

/**
 * The corner where the QR code covers least of the photo: of the corners it may take (not the
 * logo's), the one whose box has the least detail, read as the mean step in lightness between
 * neighbouring pixels (edges, a rug's pattern, a chair's legs) plus the spread of lightness (a box
 * half on a sofa and half on the wall) on a small grey copy of the image. The code stays beside
 * its words (bottom-left) unless another corner is quieter by more than TOLERANCE; among equals
 * the first of QR_CORNERS wins, so one image always gets one place.
 */
export async function quietestQrCorner(
	image: Buffer,
	label: DisclosureLabel,
	width: number,
	height: number,
): Promise<QrCorner> {
	const boxes = qrBoxes(label, width, height)
	if (!boxes.length) return QR_CORNERS[0]
	const { data, info } = await sharp(image)
		.resize(LOOK_PX, LOOK_PX, { fit: 'inside' })
		.greyscale()
		.raw()
		.toBuffer({ resolveWithObject: true })
	const sx = info.width / width
	const sy = info.height / height
	const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]
	const detail = boxes.map((box) => {
		const x0 = Math.max(0, Math.floor(box.left * sx))
		const y0 = Math.max(0, Math.floor(box.top * sy))
		const x1 = Math.min(info.width, Math.max(x0 + 2, Math.ceil((box.left + box.side) * sx)))
		const y1 = Math.min(info.height, Math.max(y0 + 2, Math.ceil((box.top + box.side) * sy)))
		let steps = 0
		let stepCount = 0
		let sum = 0
		let squares = 0
		for (let y = y0; y < y1; y++)
			for (let x = x0; x < x1; x++) {
				const v = at(x, y)
				sum += v
				squares += v * v
				if (x + 1 < x1) {
					steps += Math.abs(at(x + 1, y) - v)
					stepCount++
				}
				if (y + 1 < y1) {
					steps += Math.abs(at(x, y + 1) - v)
					stepCount++
				}
			}
		const n = (x1 - x0) * (y1 - y0)
		const mean = sum / n
		return steps / Math.max(1, stepCount) + Math.sqrt(Math.max(0, squares / n - mean * mean))
	})
	const least = Math.min(...detail)
	return boxes[detail.findIndex((d) => d <= least + TOLERANCE)].corner
}
