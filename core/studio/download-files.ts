import { asc, eq, inArray } from 'drizzle-orm'
import { propertyStudioDownloadAssets as assets } from '#db/schema/downloads.ts'
import {
	propertySessionCompletions as completions,
	propertyStudioRooms as rooms,
	propertyStudioVariations as variations,
} from '#db/schema/studio.ts'
import { assertCan, type Actor } from '#core/accounts/actor.ts'
import { readLogo } from '#core/accounts/logo.ts'
import { db } from '#core/platform/db.ts'
import { readBytes } from '#core/platform/storage.ts'
import { ownedProject } from './access.ts'
import { assetFileNames } from './asset-names.ts'
import { discloseImage, imageDisclosure, projectDisclosure, renderRef } from '#core/disclosure/disclosed-image.ts'
import { studioFileKey } from './files.ts'
import { listFavorites } from './variations.ts'
import { openCheckNote, projectView, type RoomCheckContents, roomCheckView } from './views.ts'

export interface DownloadableImage {
	id: string
	fileName: string
	roomName: string
	style: string
	/** What the room check thinks may differ from the photo, while the agent has not looked; else null. */
	roomCheck: string | null
	/** What the room check saw the image add and take away; null when it did not look. */
	contents: RoomCheckContents
	/** The file's bytes, or null when storage has lost it. */
	read(): Promise<Buffer | null>
}

export interface DisclosureChoice {
	/**
	 * false: leave the "Virtually staged" label out whatever the agency chose (staff only). The
	 * marking for machines (XMP: AI-edited, what was done, where the original is) stays.
	 */
	disclosure?: boolean
	/** Who asked to leave it out, when that is not the actor (the CLI's operator acting as the owner). */
	requestedBy?: Actor
}

/**
 * What a project offers to take away (`rendo download`): a completed project's final assets
 * (branded and labelled as the agent chose, named at completion), else its finished favourites,
 * named the way completion will name them and labelled as the final images will be. The actor must
 * own the project; leaving the label out takes staff.
 */
export async function downloadableImages(
	actor: Actor,
	projectId: string,
	{ disclosure = true, requestedBy = actor }: DisclosureChoice = {},
) {
	if (!disclosure) assertCan(requestedBy, 'remove:disclosure')
	const row = await ownedProject(db, actor, projectId, { need: 'read' })
	const project = projectView(row)
	const ownerId = row.userId
	const disclosed = await projectDisclosure(row, { label: disclosure })
	if (project.status === 'completed') {
		const rows = await db
			.select({
				asset: assets,
				style: variations.style,
				rendered: variations.imageUrl,
				variation: variations,
				roomName: rooms.roomName,
				roomType: rooms.roomType,
			})
			.from(assets)
			.innerJoin(variations, eq(variations.id, assets.variationId))
			.innerJoin(rooms, eq(rooms.id, variations.roomId))
			.where(eq(assets.projectId, projectId))
			.orderBy(asc(assets.fileName))
		const logo = !disclosure && rows.some(({ asset }) => asset.watermarked) ? await readLogo(ownerId) : null
		const images: DownloadableImage[] = rows.map(({ asset, style, rendered, roomName, roomType, variation }) => ({
			id: asset.variationId,
			fileName: asset.fileName,
			roomName: roomName ?? roomType,
			style,
			roomCheck: openCheckNote(roomCheckView(variation)),
			contents: variation.roomCheckContents,
			// Without the label: the render again, with the logo the final image has, if any, and its provenance.
			read: async () => {
				if (disclosure || !rendered) return readBytes(asset.storageKey)
				const image = await readBytes(rendered)
				return (
					image &&
					discloseImage(image, imageDisclosure(disclosed, renderRef(variation)), asset.watermarked ? logo : null)
				)
			},
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
	// Disclosed from their rows, as the final images are: an edit's scope and who made it say what its label and provenance are.
	const rendered = favourites.length
		? await db
				.select()
				.from(variations)
				.where(
					inArray(
						variations.id,
						favourites.map((v) => v.id),
					),
				)
		: []
	const images: DownloadableImage[] = []
	for (const v of favourites) {
		const key = await studioFileKey(actor, { owner: 'variation', id: v.id, kind: 'full' })
		const ref = renderRef(rendered.find((row) => row.id === v.id)!)
		images.push({
			id: v.id,
			fileName: names.get(v.id)!,
			roomName: v.roomName,
			style: v.style,
			roomCheck: openCheckNote(v.roomCheck),
			contents: v.roomCheck?.contents ?? null,
			read: async () => {
				const image = await readBytes(key)
				return image && discloseImage(image, imageDisclosure(disclosed, ref))
			},
		})
	}
	return { project, images, preparing: false }
}
