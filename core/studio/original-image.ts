import { readImageHeader, sharp } from '#core/platform/sharp.ts'
import { InputError } from '#core/errors.ts'
import { createLimiter } from '#core/platform/limiter.ts'
import { storage } from '#core/platform/storage.ts'
import { encodeRenditions } from '#core/render/jpeg.ts'
import { THUMBNAIL_SIZE } from '#core/render/rendition-sizes.ts'
import { renditionKey, storeRenditions } from './renditions.ts'
import { jpegWithoutMetadata } from './jpeg-metadata.ts'
import { MAX_UPLOAD_PIXELS, UNSUPPORTED_IMAGE } from './studio.schema.ts'

const ACCEPTED = new Set(['jpeg', 'png', 'webp'])
export const TOO_MANY_PIXELS = 'Image is too large: at most 40 megapixels'
// Turning a photo upright needs the decoded image, a thumbnail too; one at a time per process
// bounds the memory a burst of uploads can take (the request bodies themselves are streamed to disk).
const oneAtATime = createLimiter(1)

export function roomImageKeys(roomId: string) {
	const folder = `rooms/${roomId}`
	return { folder, original: `${folder}/original.jpg`, thumbnail: renditionKey(folder, THUMBNAIL_SIZE) }
}

/** Reads only the header: the format must be JPEG, PNG or WebP and the size at most 40 MP. */
export async function inspectImage(path: string) {
	const header = await readImageHeader(path)
	if (!header || !ACCEPTED.has(header.format)) throw new InputError({ image: [UNSUPPORTED_IMAGE] })
	if (header.pixels > MAX_UPLOAD_PIXELS) throw new InputError({ image: [TOO_MANY_PIXELS] })
	return header
}

/**
 * Stores the original upright and with no metadata that could locate it (GPS never leaves the
 * server), plus its smaller copies for the screens (the thumbnail and larger ones). An upright JPEG
 * is stored as it came, less its metadata; anything else is re-encoded upright (EXIF orientation
 * applied). Decoding for the copies checks the whole picture either way. Removes them all if any
 * fails. Returns the keys and the upright photo's size.
 */
export async function storeOriginal(path: string, roomId: string) {
	const keys = roomImageKeys(roomId)
	const open = () => sharp(path, { limitInputPixels: MAX_UPLOAD_PIXELS }).rotate().flatten({ background: '#ffffff' })
	try {
		const size = await oneAtATime(async () => {
			const header = await readImageHeader(path)
			if (!header) throw new InputError({ image: [UNSUPPORTED_IMAGE] })
			const asItCame = header.format === 'jpeg' && header.orientation === 1 ? await jpegWithoutMetadata(path) : null
			const original = asItCame ?? open().jpeg({ quality: 90, optimiseCoding: false })
			await storage().put(keys.original, original, { contentType: 'image/jpeg' })
			// EXIF orientations 5 to 8 turn the picture a quarter: upright, its sides swap.
			const turned = header.orientation >= 5
			const upright = turned
				? { width: header.height, height: header.width }
				: { width: header.width, height: header.height }
			await storeRenditions(keys.folder, await encodeRenditions(open(), upright))
			return upright
		})
		return { ...keys, ...size }
	} catch (error) {
		await removeOriginal(roomId)
		if (error instanceof Error && /corrupt|premature|invalid|unsupported/i.test(error.message))
			throw new InputError({ image: [UNSUPPORTED_IMAGE] })
		throw error
	}
}

/** Everything stored under the room: the photo, its smaller copies and any edit's mask. */
export async function removeOriginal(roomId: string) {
	await storage().deletePrefix(`${roomImageKeys(roomId).folder}/`)
}
