import sharp from 'sharp'

// Every image is decoded once (an upload, a render), so libvips' operation cache only holds
// memory: off. The pixel limit guards every input that does not set its own.
sharp.cache(false)

export { sharp }

/**
 * An image's format, size and EXIF orientation (1 is upright) from its header alone, or null when
 * the bytes are no image libvips reads. No pixel limit here: a tiny file declaring 30000×30000
 * must come back as its size (for the caller to refuse), not as "unreadable". Nothing is decoded.
 */
export async function readImageHeader(input: string | Buffer) {
	try {
		const { format, width, height, orientation = 1 } = await sharp(input, { limitInputPixels: false }).metadata()
		return format && width && height ? { format, width, height, pixels: width * height, orientation } : null
	} catch {
		return null
	}
}
