import { storage } from '#core/platform/storage.ts'
import type { Rendition } from '#core/render/jpeg.ts'
import { type RenditionSize, THUMBNAIL_SIZE } from '#core/render/rendition-sizes.ts'

/**
 * Where a studio image's smaller copies are stored: beside it in its folder, the thumbnail under
 * the name it always had (so images stored before the larger copies keep theirs) and the others
 * by their longest side ('800.jpg').
 */
export function renditionKey(folder: string, size: RenditionSize) {
	return size === THUMBNAIL_SIZE ? `${folder}/thumbnail.jpg` : `${folder}/${size}.jpg`
}

export async function storeRenditions(folder: string, renditions: readonly Rendition[]) {
	await Promise.all(
		renditions.map(({ size, bytes }) =>
			storage().put(renditionKey(folder, size), bytes, { contentType: 'image/jpeg' }),
		),
	)
}
