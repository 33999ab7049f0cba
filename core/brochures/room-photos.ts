import { createLimiter } from '#core/platform/limiter.ts'
import { sharp } from '#core/platform/sharp.ts'
import { readBytes, storage } from '#core/platform/storage.ts'

// Like the studio's originals (core/studio/original-image.ts), under the brochure rooms' own keys.
const MAX_PIXELS = 40_000_000
const oneAtATime = createLimiter(1)

export function roomPhotoKeys(roomImageId: string) {
	return { original: `brochure-rooms/${roomImageId}/original.jpg`, staged: `brochure-rooms/${roomImageId}/staged.jpg` }
}

/**
 * Stores a client-preference photo upright and without metadata (no GPS leaves the server), and
 * says its upright size: the web brochure frames the room in its shape.
 */
export async function storeRoomPhoto(path: string, roomImageId: string) {
	const key = roomPhotoKeys(roomImageId).original
	const { autoOrient } = await sharp(path, { limitInputPixels: MAX_PIXELS }).metadata()
	await oneAtATime(() =>
		storage().put(
			key,
			sharp(path, { limitInputPixels: MAX_PIXELS })
				.rotate()
				.flatten({ background: '#ffffff' })
				.jpeg({ quality: 90, optimiseCoding: false }),
			{ contentType: 'image/jpeg' },
		),
	)
	return { key, width: autoOrient.width, height: autoOrient.height }
}

export async function removeRoomPhotos(roomImageIds: readonly string[]) {
	await Promise.all(roomImageIds.flatMap((id) => Object.values(roomPhotoKeys(id)).map((key) => storage().delete(key))))
}

/** A stored object's bytes, or null when it is missing. */
export async function readStored(key: string | null | undefined): Promise<Buffer | null> {
	return key ? readBytes(key) : null
}
