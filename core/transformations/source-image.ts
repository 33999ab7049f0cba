import { sharp } from '#core/platform/sharp.ts'
import { createLimiter } from '#core/platform/limiter.ts'
import { storage } from '#core/platform/storage.ts'
import { MAX_UPLOAD_PIXELS } from '#core/studio/studio.schema.ts'

// as with studio originals: decoding is memory-heavy, one at a time per process
const oneAtATime = createLimiter(1)

export function transformationKeys(transformationId: string) {
	const prefix = `transformations/${transformationId}/`
	return {
		prefix,
		source: (index: number) => `${prefix}source-${index}.jpg`,
		result: (area: string) => `${prefix}result-${area}.jpg`,
	}
}

/**
 * Stores an already-inspected photo upright (EXIF orientation applied) and without metadata, so
 * GPS never leaves the server, the way the studio stores its originals.
 */
export async function storeSourceImage(file: string, key: string) {
	await oneAtATime(() =>
		storage().put(
			key,
			sharp(file, { limitInputPixels: MAX_UPLOAD_PIXELS })
				.rotate()
				.flatten({ background: '#ffffff' })
				.jpeg({ quality: 90 }),
			{ contentType: 'image/jpeg' },
		),
	)
}
