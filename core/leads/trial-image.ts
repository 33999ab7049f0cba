import { stat } from 'node:fs/promises'
import { InputError } from '#core/errors.ts'
import { createLimiter } from '#core/platform/limiter.ts'
import { readImageHeader, sharp } from '#core/platform/sharp.ts'
import { TOO_MANY_PIXELS } from '#core/studio/original-image.ts'
import { MAX_UPLOAD_PIXELS } from '#core/studio/studio.schema.ts'
import { TRIAL_MESSAGES } from './trial.schema.ts'

/** The spec's helper text promises PNG, JPG and GIF; WebP is what phones share now. */
const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'webp'])
/** A trial result is a preview by e-mail: a bounded size keeps anonymous renders and mails cheap. */
const ORIGINAL_MAX_SIDE = 2400

/** Bad input that the web door answers 415: the bytes are not an image we read. */
export class UnsupportedImageError extends InputError {
	name = 'UnsupportedImageError'
	constructor() {
		super({ image: [TRIAL_MESSAGES.imageType] })
	}
}

/** Bad input that the web door answers 413: too many bytes, or too many pixels to decode. */
export class ImageTooLargeError extends InputError {
	name = 'ImageTooLargeError'
	constructor(message: string = TRIAL_MESSAGES.imageSize) {
		super({ image: [message] })
	}
}

export function trialImageKeys(leadId: string) {
	return { original: `trials/${leadId}/original.jpg`, staged: `trials/${leadId}/staged.jpg` }
}

/**
 * Reads only the header, never the name or the declared type: the format must be one we accept
 * and the pixel count at most 40 MP, so a tiny file declaring 30000×30000 is refused undecoded.
 * An empty file part is what a browser sends for an empty file input: no image chosen.
 */
export async function inspectTrialImage(path: string) {
	if ((await stat(path)).size === 0) throw new InputError({ image: [TRIAL_MESSAGES.imageMissing] })
	const header = await readImageHeader(path)
	if (!header || !ACCEPTED.has(header.format)) throw new UnsupportedImageError()
	if (header.pixels > MAX_UPLOAD_PIXELS) throw new ImageTooLargeError(TOO_MANY_PIXELS)
}

// Decoding takes memory in proportion to the pixels; one at a time per process bounds what a burst
// of anonymous submissions can take (the request bodies themselves are streamed to disk).
const oneAtATime = createLimiter(1)

/**
 * The original as stored: upright (EXIF applied), no metadata (GPS stays here), a JPEG of bounded
 * size. Pixels that fail to decode after a good header (a truncated file) are not an image either.
 */
export async function encodeOriginal(path: string): Promise<Buffer> {
	try {
		return await oneAtATime(() =>
			sharp(path, { limitInputPixels: MAX_UPLOAD_PIXELS })
				.rotate()
				.resize(ORIGINAL_MAX_SIDE, ORIGINAL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
				.flatten({ background: '#ffffff' })
				.jpeg({ quality: 88, mozjpeg: false })
				.toBuffer(),
		)
	} catch {
		throw new UnsupportedImageError()
	}
}
