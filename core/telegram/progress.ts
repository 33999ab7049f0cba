import { and, eq, inArray } from 'drizzle-orm'
import {
	propertyStudioProjects,
	propertyStudioRooms,
	propertyStudioVariations,
	type PropertyStudioRoom,
	type PropertyStudioVariation,
} from '#db/schema/studio.ts'
import {
	telegramDeliveries,
	telegramIntakes,
	type TelegramIntake,
	type TelegramIntakePhoto,
} from '#db/schema/telegram.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { intakePhotos } from './intake.ts'
import type { IntakeProgress, PhotoProgress, RoomRef, TelegramNotifier } from './ports.ts'
import { storedBytes } from './stored-bytes.ts'
import { TELEGRAM_PROGRESS_TASK } from './telegram.schema.ts'
import { isPreviewProvider } from '#core/render/provider.ts'
import { disclosedImage } from '#core/disclosure/disclosed-image.ts'
import { NO_ORIGINALS, originalsLinks } from '#core/disclosure/originals-links.ts'
import { namedNow } from '#core/studio/name-contents.ts'
import { notSetAside } from '#core/studio/set-aside.ts'
import { styleProgress } from '#core/studio/variation-progress.ts'
import { changeSentence, openCheckNote, roomCheckView } from '#core/studio/views.ts'

/** How often the status message is brought up to date while renders run. */
const PROGRESS_INTERVAL_MS = 3000
/** A batch whose renders never settle (a provider gone quiet) is not watched for ever. */
const WATCH_FOR_MS = 6 * 60 * 60_000

/**
 * Queues the progress job of a batch. One job per batch (the key): queued again while one waits,
 * it is replaced, never doubled. Its priority is above the renders', so a busy worker still
 * gets to the status message between two renders.
 */
export async function queueProgress(tx: Tx, intakeId: string, runAt?: Date) {
	await addJob(
		tx,
		TELEGRAM_PROGRESS_TASK,
		{ intakeId },
		{ jobKey: `telegram-progress:${intakeId}`, priority: -1, runAt },
	)
}

type Group = { room: RoomRef; style: string; variations: PropertyStudioVariation[] }

/** A room, style and generation whose renders are all finished: what Telegram gets as one album. */
function settledGroups(variations: PropertyStudioVariation[], rooms: Map<string, RoomRef>) {
	const groups = new Map<string, Group>()
	for (const v of variations) {
		const key = `${v.roomId}:${v.style}:${v.generationNumber}`
		const group = groups.get(key) ?? { room: rooms.get(v.roomId)!, style: v.style, variations: [] }
		group.variations.push(v)
		groups.set(key, group)
	}
	return [...groups.values()].filter((g) => g.variations.every((v) => v.status !== 'pending'))
}

/** Claims a group's variations for delivery; only what this call claimed is sent. */
async function claim(intakeId: string, group: Group) {
	const rows = await db
		.insert(telegramDeliveries)
		.values(group.variations.map((v) => ({ variationId: v.id, intakeId })))
		.onConflictDoNothing()
		.returning({ variationId: telegramDeliveries.variationId })
	const claimed = new Set(rows.map((r) => r.variationId))
	return group.variations.filter((v) => claimed.has(v.id))
}

async function deliver(notifier: TelegramNotifier, intake: TelegramIntake, group: Group) {
	const { chatId, userId } = intake
	const variations = await claim(intake.id, group)
	if (!variations.length) return
	try {
		// Named now if their job has not run yet: the captions cannot say it later.
		const completed = await namedNow(variations.filter((v) => v.status === 'completed' && v.imageUrl))
		// One read of the property's originals page for the album, however many images it holds.
		const originals = completed.length ? await originalsLinks(intake.projectId!) : NO_ORIGINALS
		if (completed.length)
			await notifier.sendVariations(chatId, {
				roomId: group.variations[0].roomId,
				room: group.room,
				style: group.style,
				isPreview: completed.some((v) => isPreviewProvider(v.provider)),
				variations: completed.map((v) => ({
					id: v.id,
					isFavorite: v.isFavorite,
					roomCheck: openCheckNote(roomCheckView(v)),
					contents: changeSentence(v.style, roomCheckView(v)),
					originalsUrl: originals.image(v),
					readImage: async () => disclosedImage(await storedBytes(v.imageUrl!), v, { id: intake.projectId!, userId }),
				})),
			})
		const failed = variations.find((v) => v.status === 'failed')
		if (failed)
			await notifier.reportFailure(chatId, {
				room: group.room,
				style: group.style,
				message: failed.errorMessage ?? 'Rendering failed',
			})
	} catch (error) {
		// Not sent: give the claim back so the retry sends it.
		await db.delete(telegramDeliveries).where(
			inArray(
				telegramDeliveries.variationId,
				variations.map((v) => v.id),
			),
		)
		throw error
	}
}

/** Each photo of the batch with its room (when stored) and its styles' done/expected/failed counts. */
function photoProgress(
	intake: TelegramIntake,
	photos: TelegramIntakePhoto[],
	roomRows: PropertyStudioRoom[],
	variations: PropertyStudioVariation[],
) {
	const rooms = new Map<string, RoomRef>()
	const kinds = photos.map((photo) => {
		const room = roomRows.find((r) => r.id === photo.roomId)
		return { room, roomType: room?.roomType ?? photo.roomType, roomName: room?.roomName ?? null }
	})
	const kindOf = (k: (typeof kinds)[number]) => k.roomName ?? k.roomType
	const progress: PhotoProgress[] = photos.map((photo, i) => {
		const { room, roomType, roomName } = kinds[i]
		const same = kinds.filter((k) => kindOf(k) === kindOf(kinds[i]))
		const ref = { roomType, roomName, ordinal: same.length > 1 ? same.indexOf(kinds[i]) + 1 : null }
		if (room) rooms.set(room.id, ref)
		const ofRoom = variations.filter((v) => v.roomId === photo.roomId)
		return {
			...ref,
			position: i + 1,
			fileName: photo.fileName,
			error: photo.error,
			stored: !!room,
			// the batch's styles first, then any style remodelled from elsewhere
			styles: [...new Set([...intake.styles, ...ofRoom.map((v) => v.style)])].map((style) => {
				// a stored photo whose renders are not queued yet expects none: its line says 'queued'
				const { expected, completed, failed } = styleProgress(ofRoom.filter((v) => v.style === style))
				return { style, expected, completed, failed }
			}),
		}
	})
	return { progress, rooms }
}

/**
 * The telegram_progress job: edits the batch's status message ('Kitchen · Modern 2/3'), sends
 * each finished room and style once, then looks again in a few seconds while anything is pending.
 */
export async function reportProgress(notifier: TelegramNotifier, intakeId: string) {
	const [row] = await db
		.select({ intake: telegramIntakes, propertyAddress: propertyStudioProjects.propertyAddress })
		.from(telegramIntakes)
		.innerJoin(propertyStudioProjects, eq(propertyStudioProjects.id, telegramIntakes.projectId))
		.where(eq(telegramIntakes.id, intakeId))
	if (row?.intake.step !== 'submitted' || !row.intake.statusMessageId) return
	const { intake } = row
	const statusMessageId = row.intake.statusMessageId

	const photos = await intakePhotos(db, intake.id)
	const roomIds = photos.flatMap((p) => (p.roomId ? [p.roomId] : []))
	const roomRows = roomIds.length
		? await db.select().from(propertyStudioRooms).where(inArray(propertyStudioRooms.id, roomIds))
		: []
	const variations = roomIds.length
		? await db
				.select()
				.from(propertyStudioVariations)
				.where(and(inArray(propertyStudioVariations.roomId, roomIds), notSetAside))
		: []
	// In the order the agent sent the photos and chose the styles, so the chat reads like the batch.
	const rank = (v: PropertyStudioVariation) => [
		roomIds.indexOf(v.roomId),
		intake.styles.indexOf(v.style),
		v.generationNumber,
		v.variationIndex,
	]
	variations.sort((a, b) => {
		const [x, y] = [rank(a), rank(b)]
		return x.map((n, i) => n - y[i]).find((d) => d !== 0) ?? 0
	})

	const { progress: photosProgress, rooms } = photoProgress(intake, photos, roomRows, variations)
	const progress: IntakeProgress = {
		propertyAddress: row.propertyAddress,
		photos: photosProgress,
		done: photos.every((p) => p.roomId || p.error) && variations.every((v) => v.status !== 'pending'),
	}
	await notifier.showStatus(intake.chatId, statusMessageId, progress)

	for (const group of settledGroups(variations, rooms)) await deliver(notifier, intake, group)

	// Watched from the last thing asked: a remodel or an edit days after the batch still arrives.
	const asked = Math.max(intake.submittedAt?.getTime() ?? 0, ...variations.map((v) => v.createdAt.getTime()))
	const watched = Date.now() - asked < WATCH_FOR_MS
	if (!progress.done && watched) await queueProgress(db, intake.id, new Date(Date.now() + PROGRESS_INTERVAL_MS))
}
