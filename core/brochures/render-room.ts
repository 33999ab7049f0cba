import { and, count, eq, isNull } from 'drizzle-orm'
import { propertyBrochures, roomImages } from '#db/schema/brochures.ts'
import { clientPreferences, rendoProjects } from '#db/schema/properties.ts'
import type { LightingPreference, QualityLevel } from '#core/preferences/preferences.schema.ts'
import { db } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { sharp } from '#core/platform/sharp.ts'
import { storage } from '#core/platform/storage.ts'
import { ROOM_TYPES, STYLES, type RoomType, type Style } from '#core/render/provider.ts'
import type { PurposeHandler } from '#core/staging/purpose.ts'
import { requestStaging } from '#core/staging/request.ts'
import { z } from 'zod'
import { BROCHURE_MAX_ATTEMPTS, BROCHURE_PDF_TASK, pdfJobKey } from './jobs.ts'
import { roomPhotoKeys, storeRoomPhotoCopies } from './room-photos.ts'

/** The staged photo's longest side and JPEG quality per quality level (the multi-room demo's setting). */
const QUALITY: Record<QualityLevel, { side: number | null; quality: number }> = {
	standard: { side: 1600, quality: 82 },
	premium: { side: 2400, quality: 88 },
	ultra: { side: null, quality: 92 },
}

/**
 * The lighting preference as a finishing grade on the staged photo. The Renderer's request has no
 * lighting field, so the preference is applied here, after it, the same way for every provider.
 */
function light(image: sharp.Sharp, lighting: LightingPreference) {
	switch (lighting) {
		case 'natural':
			return image
		case 'warm':
			return image.recomb([
				[1.07, 0.02, 0],
				[0, 1.01, 0],
				[0, 0, 0.9],
			])
		case 'bright':
			return image.modulate({ brightness: 1.1 }).gamma(2.2, 2.0)
		case 'ambient':
			return image.modulate({ brightness: 0.94, saturation: 0.92 }).linear(0.92, 8)
	}
}

async function finish(staged: Buffer, quality: QualityLevel, lighting: LightingPreference) {
	const q = QUALITY[quality]
	let image = light(sharp(staged, { limitInputPixels: 40_000_000 }), lighting)
	if (q.side) image = image.resize(q.side, q.side, { fit: 'inside', withoutEnlargement: true })
	return image.jpeg({ quality: q.quality, mozjpeg: false }).toBuffer()
}

/** The staging pipeline's key for one brochure room's render. */
export const brochureSubjectKey = (roomImageId: string) => `brochure:${roomImageId}`

async function roomToRender(roomImageId: string) {
	const [row] = await db
		.select({ room: roomImages, brochure: propertyBrochures, preference: clientPreferences })
		.from(roomImages)
		.innerJoin(propertyBrochures, eq(propertyBrochures.uniqueToken, roomImages.brochureId))
		.leftJoin(rendoProjects, eq(rendoProjects.transformationId, propertyBrochures.transformationId))
		.leftJoin(clientPreferences, eq(clientPreferences.tourId, rendoProjects.tourId))
		.where(eq(roomImages.id, roomImageId))
	return row ?? null
}

/**
 * The PDF job follows the last room: under the brochure's row lock, once no room is waiting, it
 * is queued (keyed per brochure, so two rooms finishing together still make one job).
 */
export async function queuePdfWhenRoomsDone(brochureToken: string) {
	await db.transaction(async (tx) => {
		const [brochure] = await tx
			.select({ id: propertyBrochures.id })
			.from(propertyBrochures)
			.where(eq(propertyBrochures.uniqueToken, brochureToken))
			.for('update')
		if (!brochure) return
		const [{ waiting }] = await tx
			.select({ waiting: count() })
			.from(roomImages)
			.where(and(eq(roomImages.brochureId, brochureToken), isNull(roomImages.completedAt)))
		if (waiting === 0)
			await addJob(
				tx,
				BROCHURE_PDF_TASK,
				{ brochureId: brochure.id },
				{ jobKey: pdfJobKey(brochure.id), maxAttempts: BROCHURE_MAX_ATTEMPTS },
			)
	})
}

/**
 * The brochure_room job: asks for the room's photo staged in the buyer's preferred style. A room
 * already staged is not rendered again (a retry or a regenerate); a regenerate after a failure
 * asks again. The staging pipeline answers through brochurePurpose.
 */
export async function renderBrochureRoom(roomImageId: string) {
	const row = await roomToRender(roomImageId)
	if (!row) return
	const { room, brochure } = row
	if (room.stagedImageUrl || !room.originalImageUrl) {
		if (!room.completedAt)
			await db.update(roomImages).set({ completedAt: new Date() }).where(eq(roomImages.id, room.id))
		return await queuePdfWhenRoomsDone(brochure.uniqueToken)
	}
	const originalKey = room.originalImageUrl
	await db.transaction(async (tx) => {
		await requestStaging(tx, {
			purpose: 'brochure',
			subject: { roomImageId: room.id },
			subjectKey: brochureSubjectKey(room.id),
			originalKey,
			roomType: (ROOM_TYPES.includes(room.roomType as RoomType) ? room.roomType : 'living') as RoomType,
			style: STYLES.includes(brochure.stylePreference as Style) ? (brochure.stylePreference as Style) : 'standard',
			removeFurniture: false,
			count: 1,
			renew: true,
		})
	})
}

/**
 * The staged photo, finished with the lighting and quality asked for, stored beside the original.
 * When the provider gives up for good, the room is marked done without a staged photo and the
 * brochure is built from the rooms that worked.
 */
export const brochurePurpose: PurposeHandler = {
	async deliver(request, [image]) {
		const row = await roomToRender(BrochureSubject.parse(request.subject).roomImageId)
		if (!row || row.room.stagedImageUrl) return
		const { room, brochure, preference } = row
		const staged = await finish(
			image.image,
			(preference?.qualityLevel as QualityLevel | null) ?? 'standard',
			(preference?.lightingPreference as LightingPreference | null) ?? 'natural',
		)
		const key = roomPhotoKeys(room.id).staged
		await storage().put(key, staged, { contentType: 'image/jpeg' })
		const { width, height } = await sharp(staged).metadata()
		await storeRoomPhotoCopies(room.id, 'staged', sharp(staged), { width, height })
		await db
			.update(roomImages)
			.set({
				stagedImageUrl: key,
				renderId: request.providerRenderId,
				variationId: image.providerImageId ?? null,
				roomCheck: image.check?.verdict ?? null,
				roomCheckNote: image.check?.note ?? null,
				completedAt: new Date(),
			})
			.where(eq(roomImages.id, room.id))
		await queuePdfWhenRoomsDone(brochure.uniqueToken)
	},
	async fail(request) {
		const row = await roomToRender(BrochureSubject.parse(request.subject).roomImageId)
		if (!row) return
		await db.update(roomImages).set({ completedAt: new Date() }).where(eq(roomImages.id, row.room.id))
		await queuePdfWhenRoomsDone(row.brochure.uniqueToken)
	},
}

const BrochureSubject = z.object({ roomImageId: z.string().uuid() })
