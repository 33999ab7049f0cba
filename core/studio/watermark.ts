import { sharp } from '#core/platform/sharp.ts'
import { disclosureLabelLayer } from '#core/disclosure/label-layer.ts'

/** The logo's largest share of the image's width and height. */
const LOGO_SHARE = 0.2
const MARGIN_SHARE = 0.03

/** What is burnt into a final image: the agent's logo, the disclosure label ("Virtually staged"…), or both. */
export interface ImageMarks {
	logo: Buffer | null
	disclosure: string | null
}

export const hasMarks = (marks: ImageMarks) => !!marks.logo || !!marks.disclosure

/**
 * Puts the logo in the bottom-right corner (spec 02 §9), sized to the image (a fifth of it at most)
 * but never drawn larger than the logo itself, so a small logo stays sharp on a big photo; and the
 * disclosure label in the bottom-left corner. One decode and one encode for both.
 */
export async function markImage(image: Buffer, marks: ImageMarks): Promise<Buffer> {
	const { width = 0, height = 0 } = await sharp(image).metadata()
	const layers: Array<{ input: Buffer; left: number; top: number }> = []
	if (marks.logo) {
		const logo = await sharp(marks.logo)
			.resize(Math.max(1, Math.round(width * LOGO_SHARE)), Math.max(1, Math.round(height * LOGO_SHARE)), {
				fit: 'inside',
				withoutEnlargement: true,
			})
			.png()
			.toBuffer({ resolveWithObject: true })
		const margin = Math.round(Math.min(width, height) * MARGIN_SHARE)
		layers.push({
			input: logo.data,
			left: Math.max(0, width - logo.info.width - margin),
			top: Math.max(0, height - logo.info.height - margin),
		})
	}
	if (marks.disclosure) layers.push(disclosureLabelLayer(marks.disclosure, width, height))
	return sharp(image).composite(layers).jpeg({ quality: 90, optimiseCoding: false }).toBuffer()
}
