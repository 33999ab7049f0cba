import { sharp } from '#core/platform/sharp.ts'
import { type DisclosureLabel, disclosureLabelLayers, type Layer } from '#core/disclosure/label-layer.ts'
import { quietestQrCorner } from '#core/disclosure/qr-corner.ts'

/** The logo's largest share of the image's width and height. */
const LOGO_SHARE = 0.2
const MARGIN_SHARE = 0.03

/**
 * What is burnt into a final image: the agent's logo, the disclosure label ("Virtually staged"…,
 * with the way to the original for an altered image), or both.
 */
export interface ImageMarks {
	logo: Buffer | null
	disclosure: DisclosureLabel | null
}

/**
 * Puts the logo in the bottom-right corner (spec 02 §9), sized to the image (a fifth of it at most)
 * but never drawn larger than the logo itself, so a small logo stays sharp on a big photo; and the
 * disclosure label's words in the bottom-left corner, its QR code in the quietest corner the logo
 * leaves. One encode for both.
 */
export async function markImage(image: Buffer, marks: ImageMarks): Promise<Buffer> {
	const { width = 0, height = 0 } = await sharp(image).metadata()
	const layers: Layer[] = []
	const margin = Math.round(Math.min(width, height) * MARGIN_SHARE)
	if (marks.logo) {
		const logo = await sharp(marks.logo)
			.resize(Math.max(1, Math.round(width * LOGO_SHARE)), Math.max(1, Math.round(height * LOGO_SHARE)), {
				fit: 'inside',
				withoutEnlargement: true,
			})
			.png()
			.toBuffer({ resolveWithObject: true })
		layers.push({
			input: logo.data,
			left: Math.max(0, width - logo.info.width - margin),
			top: Math.max(0, height - logo.info.height - margin),
		})
	}
	// The label keeps out of the logo's corner whether or not this image has a logo: one layout for all.
	if (marks.disclosure)
		layers.push(
			...disclosureLabelLayers(marks.disclosure, width, height, {
				right: width - Math.round(width * LOGO_SHARE) - margin,
				// The QR code where it covers least of the photo (not on the staging's rug).
				qrCorner: await quietestQrCorner(image, marks.disclosure, width, height),
			}),
		)
	return sharp(image).composite(layers).jpeg({ quality: 90, optimiseCoding: false }).toBuffer()
}
