import { asc, eq } from 'drizzle-orm'
import { propertyStudioDownloadAssets as assets } from '#db/schema/downloads.ts'
import {
	propertySessionCompletions as completions,
	propertyStudioRooms as rooms,
	propertyStudioVariations as variations,
} from '#db/schema/studio.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { db } from '#core/platform/db.ts'
import { assetFileNames } from './asset-names.ts'
import { studioFileKey } from './files.ts'
import { getProject } from './projects.ts'
import { listFavorites } from './variations.ts'

export interface DownloadableImage {
	id: string
	fileName: string
	/** storage key of the file to save */
	key: string
	roomName: string
	style: string
}

/**
 * What a project offers to take away (`rendo download`): a completed project's final assets
 * (branded when the agent chose so, named at completion), else its finished favourites, named
 * the way completion will name them. The actor must own the project.
 */
export async function downloadableImages(actor: Actor, projectId: string) {
	const project = await getProject(actor, projectId)
	if (project.status === 'completed') {
		const rows = await db
			.select({ asset: assets, style: variations.style, roomName: rooms.roomName, roomType: rooms.roomType })
			.from(assets)
			.innerJoin(variations, eq(variations.id, assets.variationId))
			.innerJoin(rooms, eq(rooms.id, variations.roomId))
			.where(eq(assets.projectId, projectId))
			.orderBy(asc(assets.fileName))
		const images: DownloadableImage[] = rows.map(({ asset, style, roomName, roomType }) => ({
			id: asset.variationId,
			fileName: asset.fileName,
			key: asset.storageKey,
			roomName: roomName ?? roomType,
			style,
		}))
		// The completion's clean-up job writes the assets: until it has finished, the list is not whole.
		const [completion] = await db
			.select({ done: completions.cleanupCompletedAt })
			.from(completions)
			.where(eq(completions.projectId, projectId))
		return { project, images, preparing: !!completion && !completion.done }
	}
	const favourites = (await listFavorites(actor, projectId)).filter((v) => v.status === 'completed')
	const names = assetFileNames(
		project.propertyAddress,
		favourites.map((v) => ({ id: v.id, roomName: v.roomName, roomType: v.roomName, style: v.style })),
	)
	const images: DownloadableImage[] = []
	for (const v of favourites)
		images.push({
			id: v.id,
			fileName: names.get(v.id)!,
			key: await studioFileKey(actor, { owner: 'variation', id: v.id, kind: 'full' }),
			roomName: v.roomName,
			style: v.style,
		})
	return { project, images, preparing: false }
}
