import { inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import type { User } from '#db/schema/accounts.ts'
import { uploadLogo } from '#core/accounts/logo.ts'
import { db } from '#core/platform/db.ts'
import { processRoom } from '#core/studio/process-room.ts'
import { createProject } from '#core/studio/projects.ts'
import { uploadRoom } from '#core/studio/rooms.ts'
import type { StudioStyle } from '#core/studio/studio.schema.ts'
import { listVariations, setFavorite } from '#core/studio/variations.ts'
import { actorFor } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { smallRoomPhoto, withTempFile } from '#tests/studio.ts'

/**
 * A project with rendered variations, as the studio makes them: each room uploaded (640×480),
 * processed in its style (3 variations) and rendered by the local preview renderer.
 */
export async function renderedProject(
	user: User,
	{
		address = '12 Acacia Avenue, Bristol BS1 4DJ',
		rooms = [{ roomType: 'kitchen' as const, style: 'scandinavian' as StudioStyle }],
	}: {
		address?: string
		rooms?: Array<{ roomType: 'kitchen' | 'living' | 'bedroom' | 'bathroom'; style: StudioStyle; roomName?: string }>
	} = {},
) {
	const actor = actorFor(user)
	const project = await createProject(actor, { propertyAddress: address })
	const photo = await smallRoomPhoto()
	for (const room of rooms) {
		const { id } = await withTempFile(photo, (file) =>
			uploadRoom(actor, { projectId: project.id, roomType: room.roomType, roomName: room.roomName }, file),
		)
		await processRoom(actor, id, { styles: [room.style], variationCount: 3 })
	}
	await drainJobs()
	return { actor, project, variations: await listVariations(actor, project.id) }
}

/**
 * Marks renders as a staging vendor's. The local preview drew them, but what the product treats as
 * staged (the disclosure label, the preview captions) follows the provider recorded on the row.
 */
export async function stagedByVendor(variations: Array<{ id: string }>, provider = 'virtual-staging-ai') {
	await db
		.update(propertyStudioVariations)
		.set({ provider })
		.where(
			inArray(
				propertyStudioVariations.id,
				variations.map((v) => v.id),
			),
		)
}

export async function favourite(user: User, ids: string[]) {
	for (const id of ids) await setFavorite(actorFor(user), id, true)
}

/** Gives the user a logo: a solid colour block of the given size (a PNG). */
export async function giveLogo(user: User, { width = 40, height = 20, colour = '#ff0000' } = {}) {
	const png = await sharp({ create: { width, height, channels: 4, background: colour } })
		.png()
		.toBuffer()
	return withTempFile(png, (file) => uploadLogo(actorFor(user), file))
}
