import fs from 'node:fs'
import { and, eq } from 'drizzle-orm'
import { users } from '#db/schema/accounts.ts'
import { propertyStudioRooms } from '#db/schema/studio.ts'
import { telegramIntakePhotos, telegramIntakes, type TelegramIntakePhoto } from '#db/schema/telegram.ts'
import { userActor, type Actor } from '#core/accounts/actor.ts'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { writeTempFile } from '#core/platform/upload-temp.ts'
import { processRoom } from '#core/studio/process-room.ts'
import { setSameRoom } from '#core/studio/room-views.ts'
import { uploadRoom } from '#core/studio/rooms.ts'
import { IMAGE_TOO_LARGE, MAX_UPLOAD_BYTES, VARIATIONS_PER_STYLE } from '#core/studio/studio.schema.ts'
import { intakePhotos } from './intake.ts'
import type { TelegramFiles } from './ports.ts'
import { queueProgress } from './progress.ts'

export const PHOTO_NOT_RECEIVED = 'Could not get this photo from Telegram. Please send it again.'

/**
 * One photo becomes a studio room through the web's own upload service: the size Telegram
 * reports is checked before a byte is fetched, then the studio's image checks run on the file.
 */
async function storePhoto(files: TelegramFiles, actor: Actor, projectId: string, photo: TelegramIntakePhoto) {
	const file = await files.fileInfo(photo.fileId)
	if (file.size !== undefined && file.size > MAX_UPLOAD_BYTES) throw new InputError({ image: [IMAGE_TOO_LARGE] })
	// Capped at the studio's limit whatever getFile said; a download cut off half way leaves no file.
	const filePath = await writeTempFile(await file.open(), {
		maxBytes: MAX_UPLOAD_BYTES,
		tooLarge: () => new InputError({ image: [IMAGE_TOO_LARGE] }),
	})
	try {
		return await uploadRoom(
			actor,
			{ projectId, roomType: photo.roomType, hasFurniture: photo.hasFurniture },
			{ path: filePath },
		)
	} finally {
		await fs.promises.rm(filePath, { force: true })
	}
}

/** Rendering is asked for once per room: asking again for a finished room would reopen it. */
async function renderNotYetAsked(roomId: string) {
	const [room] = await db
		.select({ selectedStyles: propertyStudioRooms.selectedStyles })
		.from(propertyStudioRooms)
		.where(eq(propertyStudioRooms.id, roomId))
	return !!room && room.selectedStyles.length === 0
}

/** The studio said no (bad image, project closed): that photo is reported, the others go on. */
const isRefusal = (error: unknown): error is Error =>
	error instanceof InputError || error instanceof ForbiddenError || error instanceof NotFoundError

function ignoreRefusal(error: unknown) {
	if (!isRefusal(error)) throw error
}

/**
 * The telegram_intake job: each photo of a submitted batch is downloaded, stored as a room and
 * queued for rendering in the batch's styles, as the linked user. Progress is saved per photo,
 * so a retry goes on where a crash stopped; on the last attempt a photo Telegram would not give
 * is reported instead of retried.
 */
export async function processIntake(
	files: TelegramFiles,
	intakeId: string,
	attempt: { final: boolean },
	{ sameRoom = [] }: { sameRoom?: string[] } = {},
) {
	const [row] = await db
		.select({ intake: telegramIntakes, user: users })
		.from(telegramIntakes)
		.innerJoin(users, eq(users.id, telegramIntakes.userId))
		.where(and(eq(telegramIntakes.id, intakeId), eq(telegramIntakes.step, 'submitted')))
	if (!row?.intake.projectId) return
	const { intake } = row
	const actor = userActor(row.user, config().ceoEmail)

	// Views of one room (the agent said so): the first photo of the room type stored is its first view.
	const firstViews = new Map<string, string>()
	for (const photo of await intakePhotos(db, intake.id)) {
		if (photo.error) continue
		try {
			let roomId = photo.roomId
			if (!roomId) {
				roomId = (await storePhoto(files, actor, intake.projectId!, photo)).id
				await db.update(telegramIntakePhotos).set({ roomId }).where(eq(telegramIntakePhotos.id, photo.id))
			}
			const firstView = sameRoom.includes(photo.roomType) ? firstViews.get(photo.roomType) : undefined
			if (sameRoom.includes(photo.roomType) && !firstView) firstViews.set(photo.roomType, roomId)
			if (await renderNotYetAsked(roomId)) {
				// Marked before it is processed, so it waits for its first view's images; a refusal
				// (the first view was changed on the web meanwhile) leaves it staged on its own.
				if (firstView) await setSameRoom(actor, roomId, { sameRoomAs: firstView }).catch(ignoreRefusal)
				await processRoom(actor, roomId, {
					styles: intake.styles,
					roomType: photo.roomType,
					hasFurniture: photo.hasFurniture,
					variationCount: VARIATIONS_PER_STYLE,
				})
			}
		} catch (error) {
			if (!isRefusal(error) && !attempt.final) throw error
			const message = isRefusal(error) ? error.message : PHOTO_NOT_RECEIVED
			await db.update(telegramIntakePhotos).set({ error: message }).where(eq(telegramIntakePhotos.id, photo.id))
		}
	}
	await queueProgress(db, intake.id)
}
