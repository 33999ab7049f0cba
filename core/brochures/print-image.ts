import { sharp } from '#core/platform/sharp.ts'

// Half an A4-landscape page at ~150 dpi: sharp enough to print, small enough that a 10-room
// brochure stays a few megabytes.
const PRINT_SIDE = 1100

/** A photo re-encoded for the PDF: upright, at most PRINT_SIDE on its longest side, plain JPEG. */
export function printImage(image: Buffer): Promise<Buffer> {
	return sharp(image, { limitInputPixels: 40_000_000 })
		.rotate()
		.resize(PRINT_SIDE, PRINT_SIDE, { fit: 'inside', withoutEnlargement: true })
		.flatten({ background: '#ffffff' })
		.jpeg({ quality: 80, mozjpeg: false })
		.toBuffer()
}
