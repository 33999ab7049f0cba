import type { Actor } from '#core/accounts/actor.ts'
import { NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { type RenditionSize, renditionSizes, type THUMBNAIL_SIZE } from '#core/render/rendition-sizes.ts'
import { ownedRoom, ownedVariation } from './access.ts'
import { roomImageKeys } from './original-image.ts'
import { variationImageKeys } from './render-variations.ts'
import { renditionKey } from './renditions.ts'

/** The copies besides the thumbnail, served by their longest side ('/files/variations/{id}/800'). */
export type SizedCopy = `${Exclude<RenditionSize, typeof THUMBNAIL_SIZE>}`

export type StudioFile =
	| { owner: 'room'; id: string; kind: 'original' | 'thumbnail' | SizedCopy }
	| { owner: 'variation'; id: string; kind: 'full' | 'thumbnail' | SizedCopy }

/** The key of a copy, where the image has one: images stored before copies, or no larger than the copy, have none. */
function sizedCopyKey(
	folder: string,
	kind: SizedCopy,
	image: { imageWidth: number | null; imageHeight: number | null },
) {
	const size = Number(kind) as RenditionSize
	const { imageWidth: width, imageHeight: height } = image
	if (width === null || height === null || !renditionSizes({ width, height }).includes(size))
		throw new NotFoundError('Image not found')
	return renditionKey(folder, size)
}

/** The storage key of a studio image, after checking that the actor owns its project. */
export async function studioFileKey(actor: Actor, file: StudioFile): Promise<string> {
	if (file.owner === 'room') {
		const { room } = await ownedRoom(db, actor, file.id, { need: 'read' })
		const keys = roomImageKeys(room.id)
		if (file.kind === 'original') return room.originalImageUrl
		return file.kind === 'thumbnail' ? keys.thumbnail : sizedCopyKey(keys.folder, file.kind, room)
	}
	const { variation } = await ownedVariation(db, actor, file.id, { need: 'read' })
	const key = file.kind === 'full' ? variation.imageUrl : variation.thumbnailUrl
	if (!key) throw new NotFoundError('Image not found')
	if (file.kind === 'full' || file.kind === 'thumbnail') return key
	return sizedCopyKey(variationImageKeys(variation.id).folder, file.kind, variation)
}
