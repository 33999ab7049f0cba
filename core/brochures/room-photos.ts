import { createLimiter } from '#core/platform/limiter.ts'
import { sharp } from '#core/platform/sharp.ts'
import { readBytes, storage } from '#core/platform/storage.ts'
import { encodeRenditions } from '#core/render/jpeg.ts'
import { type ImageSize, renditionSizes, type RenditionSize } from '#core/render/rendition-sizes.ts'
import { renditionKey } from '#core/studio/renditions.ts'

// Like the studio's originals (core/studio/original-image.ts), under the brochure rooms' own keys.
const MAX_PIXELS = 40_000_000
const oneAtATime = createLimiter(1)

export function roomPhotoKeys(roomImageId: string) {
	return { original: `brochure-rooms/${roomImageId}/original.jpg`, staged: `brochure-rooms/${roomImageId}/staged.jpg` }
}

export type RoomPhoto = keyof ReturnType<typeof roomPhotoKeys>

/**
 * Where one of a room's photos keeps its smaller copies (200, 400, 800, 1600 px on the longest
 * side, as the studio's images do), for the web brochure to load the one its frame needs:
 * a folder per photo beside it ('brochure-rooms/{id}/staged/800.jpg').
 */
export function roomPhotoCopyKey(roomImageId: string, photo: RoomPhoto, size: RenditionSize) {
	return renditionKey(`brochure-rooms/${roomImageId}/${photo}`, size)
}

/** Stores a room photo's copies, made from the image (one decode). */
export async function storeRoomPhotoCopies(
	roomImageId: string,
	photo: RoomPhoto,
	image: ReturnType<typeof sharp>,
	size: ImageSize,
) {
	const copies = await encodeRenditions(image, size)
	await Promise.all(
		copies.map(({ size: copy, bytes }) =>
			storage().put(roomPhotoCopyKey(roomImageId, photo, copy), bytes, { contentType: 'image/jpeg' }),
		),
	)
}

/**
 * Stores a client-preference photo upright and without metadata (no GPS leaves the server), and
 * says its upright size: the web brochure frames the room in its shape.
 */
export async function storeRoomPhoto(path: string, roomImageId: string) {
	const key = roomPhotoKeys(roomImageId).original
	const { autoOrient } = await sharp(path, { limitInputPixels: MAX_PIXELS }).metadata()
	const open = () => sharp(path, { limitInputPixels: MAX_PIXELS }).rotate().flatten({ background: '#ffffff' })
	await oneAtATime(async () => {
		await storage().put(key, open().jpeg({ quality: 90, optimiseCoding: false }), { contentType: 'image/jpeg' })
		await storeRoomPhotoCopies(roomImageId, 'original', open(), autoOrient)
	})
	return { key, width: autoOrient.width, height: autoOrient.height }
}

/** A room's photos and their copies: everything under its folder. */
export async function removeRoomPhotos(roomImageIds: readonly string[]) {
	await Promise.all(roomImageIds.map((id) => storage().deletePrefix(`brochure-rooms/${id}/`)))
}

/**
 * A studio image's copies, copied beside the brochure room's copy of it: `from` is the image's key
 * in its studio folder, where its copies are (core/studio/renditions.ts). An image stored before
 * its size was kept has none to copy.
 */
export async function copyStudioCopies(from: string, roomImageId: string, photo: RoomPhoto, size: ImageSize | null) {
	if (!size) return
	const folder = from.slice(0, from.lastIndexOf('/'))
	await Promise.all(
		renditionSizes(size).map(async (copy) => {
			const bytes = await readBytes(renditionKey(folder, copy))
			if (bytes) await storage().put(roomPhotoCopyKey(roomImageId, photo, copy), bytes, { contentType: 'image/jpeg' })
		}),
	)
}

/** A stored object's bytes, or null when it is missing. */
export async function readStored(key: string | null | undefined): Promise<Buffer | null> {
	return key ? readBytes(key) : null
}
