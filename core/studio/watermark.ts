import { sharp } from '#core/platform/sharp.ts'

/** The logo's largest share of the image's width and height. */
const LOGO_SHARE = 0.2
const MARGIN_SHARE = 0.03

/**
 * Puts the logo in the bottom-right corner (spec 02 §9), sized to the image (a fifth of it at most)
 * but never drawn larger than the logo itself, so a small logo stays sharp on a big photo.
 */
export async function brandImage(image: Buffer, logoPng: Buffer): Promise<Buffer> {
	const { width = 0, height = 0 } = await sharp(image).metadata()
	const logo = await sharp(logoPng)
		.resize(Math.max(1, Math.round(width * LOGO_SHARE)), Math.max(1, Math.round(height * LOGO_SHARE)), {
			fit: 'inside',
			withoutEnlargement: true,
		})
		.png()
		.toBuffer({ resolveWithObject: true })
	const margin = Math.round(Math.min(width, height) * MARGIN_SHARE)
	return sharp(image)
		.composite([
			{
				input: logo.data,
				left: Math.max(0, width - logo.info.width - margin),
				top: Math.max(0, height - logo.info.height - margin),
			},
		])
		.jpeg({ quality: 90, optimiseCoding: false })
		.toBuffer()
}
