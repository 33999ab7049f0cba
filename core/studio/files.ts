import type { Actor } from '#core/accounts/actor.ts'
import { NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { ownedRoom, ownedVariation } from './access.ts'
import { roomImageKeys } from './original-image.ts'

export type StudioFile =
	| { owner: 'room'; id: string; kind: 'original' | 'thumbnail' }
	| { owner: 'variation'; id: string; kind: 'full' | 'thumbnail' }

/** The storage key of a studio image, after checking that the actor owns its project. */
export async function studioFileKey(actor: Actor, file: StudioFile): Promise<string> {
	if (file.owner === 'room') {
		const { room } = await ownedRoom(db, actor, file.id, { need: 'read' })
		return file.kind === 'original' ? room.originalImageUrl : roomImageKeys(room.id).thumbnail
	}
	const { variation } = await ownedVariation(db, actor, file.id, { need: 'read' })
	const key = file.kind === 'full' ? variation.imageUrl : variation.thumbnailUrl
	if (!key) throw new NotFoundError('Image not found')
	return key
}
