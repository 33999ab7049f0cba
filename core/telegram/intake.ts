import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { telegramIntakePhotos, telegramIntakes, telegramLinks } from '#db/schema/telegram.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { InputError, NotFoundError } from '#core/errors.ts'
import { isUuid } from '#core/ids.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { assertOpen, ownedProject } from '#core/studio/access.ts'
import { UNSUPPORTED_IMAGE } from '#core/studio/studio.schema.ts'
import { createProject } from '#core/studio/projects.ts'
import { guessRoomType } from '#core/studio/room-type-guess.ts'
import { assertCanRender } from '#core/studio/process-room.ts'
import { renderOptionsOf, twilightIndoors, type RenderOptions } from '#core/studio/render-options.ts'
import { PHOTO_EDITS } from '#core/render/provider.ts'
import {
	EMPTY_ROOM,
	IMAGE_TOO_LARGE,
	isPhotoEdit,
	MAX_UPLOAD_BYTES,
	ProcessRoomSchema,
	TWILIGHT_INDOORS,
	WORKFLOW_ROOM_TYPES,
	WORKFLOW_STYLES,
} from '#core/studio/studio.schema.ts'
import { parseInput } from '#core/validate.ts'
import { TELEGRAM_INTAKE_TASK } from './telegram.schema.ts'

/** The studio's 10 MB rule, in the web upload's words. */
export const BATCH_CLOSED = 'These photos are already on their way. Send new photos to start again.'
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp'])

export interface TelegramChat {
	telegramUserId: number
	chatId: number
}

export interface IncomingPhoto {
	fileId: string
	fileUniqueId: string
	/** documents have a name and a type; photos have neither */
	fileName?: string
	mimeType?: string
	/** what Telegram says in the message, before anything is downloaded */
	fileSize?: number
	caption?: string
	messageId: number
}

/** Checks what the message itself tells: the size, and a document's type. Nothing is downloaded. */
function assertAcceptable(photo: IncomingPhoto) {
	if (photo.fileSize !== undefined && photo.fileSize > MAX_UPLOAD_BYTES)
		throw new InputError({ image: [IMAGE_TOO_LARGE] })
	if (photo.mimeType !== undefined && !IMAGE_TYPES.has(photo.mimeType))
		throw new InputError({ image: [UNSUPPORTED_IMAGE] })
}

export function intakePhotos(tx: Tx, intakeId: string) {
	return tx
		.select()
		.from(telegramIntakePhotos)
		.where(eq(telegramIntakePhotos.intakeId, intakeId))
		.orderBy(asc(telegramIntakePhotos.messageId), asc(telegramIntakePhotos.createdAt))
}

/**
 * Adds a photo to the user's open batch, starting one if there is none. An album arrives as
 * several updates at once: the partial unique index lets exactly one of them start the batch
 * (`started`), the others join it, and a redelivered update adds nothing.
 */
export async function addPhoto(actor: Actor, chat: TelegramChat, photo: IncomingPhoto) {
	const { userId } = requireUser(actor)
	assertAcceptable(photo)
	return db.transaction(async (tx) => {
		const [created] = await tx
			.insert(telegramIntakes)
			.values({ userId, telegramUserId: chat.telegramUserId, chatId: chat.chatId })
			.onConflictDoNothing({
				target: telegramIntakes.telegramUserId,
				where: sql`${telegramIntakes.step} <> 'submitted'`,
			})
			.returning()
		const intake =
			created ??
			(
				await tx
					.select()
					.from(telegramIntakes)
					.where(and(eq(telegramIntakes.telegramUserId, chat.telegramUserId), ne(telegramIntakes.step, 'submitted')))
			)[0]
		const [added] = await tx
			.insert(telegramIntakePhotos)
			.values({
				intakeId: intake.id,
				fileId: photo.fileId,
				fileUniqueId: photo.fileUniqueId,
				fileName: photo.fileName ?? null,
				caption: photo.caption ?? null,
				messageId: photo.messageId,
				// the caption's words first ('Kitchen'), then a document's file name ('kitchen-2.jpg')
				roomType: guessRoomType(`${photo.caption ?? ''} ${photo.fileName ?? ''}`),
			})
			.onConflictDoNothing()
			.returning()
		return { intake, photo: added ?? null, started: !!created }
	})
}

/** The user's batch by id, while it is still being set up; anything else reads as closed. */
async function openIntakeById(tx: Tx, actor: Actor, intakeId: string, opts: { forUpdate?: boolean } = {}) {
	const { userId } = requireUser(actor)
	if (!isUuid(intakeId)) throw new NotFoundError(BATCH_CLOSED)
	const query = tx
		.select()
		.from(telegramIntakes)
		.where(and(eq(telegramIntakes.id, intakeId), eq(telegramIntakes.userId, userId)))
	const [intake] = opts.forUpdate ? await query.for('update') : await query
	if (!intake || intake.step === 'submitted') throw new NotFoundError(BATCH_CLOSED)
	return intake
}

export async function getOpenIntake(actor: Actor, intakeId: string) {
	const intake = await openIntakeById(db, actor, intakeId)
	return { intake, photos: await intakePhotos(db, intake.id) }
}

/** The batch waiting for a property address, if the user's next message should be one. */
export async function intakeAwaitingAddress(actor: Actor, telegramUserId: number) {
	const [intake] = await db
		.select()
		.from(telegramIntakes)
		.where(
			and(
				eq(telegramIntakes.telegramUserId, telegramUserId),
				eq(telegramIntakes.userId, requireUser(actor).userId),
				eq(telegramIntakes.step, 'address'),
			),
		)
	return intake ?? null
}

/**
 * Where the bot asked: the 'which property?' question (promptMessageId), so the answer can replace
 * it; the styles question (statusMessageId until Process makes the tapped message the status), so
 * a room type changed afterwards redraws its count and warning.
 */
export async function setIntakeMessage(
	actor: Actor,
	intakeId: string,
	message: { promptMessageId: number } | { statusMessageId: number },
) {
	const intake = await openIntakeById(db, actor, intakeId)
	await db.update(telegramIntakes).set(message).where(eq(telegramIntakes.id, intake.id))
}

/** Step 1: the property. Only one of the user's own active projects; it becomes the current project too. */
export async function chooseIntakeProject(actor: Actor, intakeId: string, projectId: string) {
	return db.transaction(async (tx) => {
		const intake = await openIntakeById(tx, actor, intakeId, { forUpdate: true })
		const project = await ownedProject(tx, actor, projectId)
		assertOpen(project)
		const [updated] = await tx
			.update(telegramIntakes)
			.set({ projectId: project.id, step: 'details' })
			.where(eq(telegramIntakes.id, intake.id))
			.returning()
		await tx.update(telegramLinks).set({ currentProjectId: project.id }).where(eq(telegramLinks.userId, project.userId))
		return { intake: updated, project, photos: await intakePhotos(tx, intake.id), wasChosen: intake.step === 'details' }
	})
}

/** 'New property': the next text message is the address. */
export async function askIntakeAddress(actor: Actor, intakeId: string) {
	const intake = await openIntakeById(db, actor, intakeId)
	if (intake.step === 'details') return intake
	const [updated] = await db
		.update(telegramIntakes)
		.set({ step: 'address' })
		.where(eq(telegramIntakes.id, intake.id))
		.returning()
	return updated
}

/** The address, validated with the studio's rule, makes a new project for the batch. */
export async function createIntakeProject(actor: Actor, intakeId: string, propertyAddress: string) {
	await openIntakeById(db, actor, intakeId)
	const project = await createProject(actor, { propertyAddress })
	return chooseIntakeProject(actor, intakeId, project.id)
}

async function ownedOpenPhoto(tx: Tx, actor: Actor, photoId: string) {
	if (!isUuid(photoId)) throw new NotFoundError(BATCH_CLOSED)
	const [row] = await tx
		.select({ photo: telegramIntakePhotos, intakeId: telegramIntakes.id })
		.from(telegramIntakePhotos)
		.innerJoin(telegramIntakes, eq(telegramIntakes.id, telegramIntakePhotos.intakeId))
		.where(eq(telegramIntakePhotos.id, photoId))
	if (!row) throw new NotFoundError(BATCH_CLOSED)
	await openIntakeById(tx, actor, row.intakeId)
	return row.photo
}

const RoomTypeSchema = z.enum(WORKFLOW_ROOM_TYPES, { errorMap: () => ({ message: 'Select a room type' }) })

/** Step 2, per photo: its room type... */
export async function setPhotoRoomType(actor: Actor, photoId: string, roomType: string) {
	const type = parseInput(RoomTypeSchema, roomType)
	const photo = await ownedOpenPhoto(db, actor, photoId)
	const [updated] = await db
		.update(telegramIntakePhotos)
		.set({ roomType: type })
		.where(eq(telegramIntakePhotos.id, photo.id))
		.returning()
	return updated
}

/** ...and whether it contains furniture to remove. */
export async function togglePhotoFurniture(actor: Actor, photoId: string) {
	const photo = await ownedOpenPhoto(db, actor, photoId)
	const [updated] = await db
		.update(telegramIntakePhotos)
		.set({ hasFurniture: sql`not ${telegramIntakePhotos.hasFurniture}` })
		.where(eq(telegramIntakePhotos.id, photo.id))
		.returning()
	return updated
}

const StyleSchema = z.enum(WORKFLOW_STYLES, { errorMap: () => ({ message: 'Select a style' }) })

/**
 * The choices offered as buttons, in the workflow's order: emptying and the photo edits only where
 * the provider makes them (a chat cannot grey a button out, so the others are left off).
 */
export function offeredIntakeStyles(options: Pick<RenderOptions, 'canEmptyRoom' | 'photoEdits'> = renderOptionsOf()) {
	return WORKFLOW_STYLES.filter((style) =>
		style === EMPTY_ROOM ? options.canEmptyRoom : isPhotoEdit(style) ? options.photoEdits.includes(style) : true,
	)
}

/** Why the photo edits left off are not offered, in cannotEditMessage's words: one line per reason. */
export function unofferedEditsNote(options: Pick<RenderOptions, 'unavailable'> = renderOptionsOf()) {
	return [...new Set(PHOTO_EDITS.map((edit) => options.unavailable[edit]).filter(Boolean))]
}

/** What the agent is told before processing: TWILIGHT_INDOORS when twilight is chosen for a room not outside. */
export function intakeWarnings(intake: { styles: string[] }, photos: Array<{ roomType: string }>) {
	return photos.some((photo) => twilightIndoors(intake.styles, photo.roomType)) ? [TWILIGHT_INDOORS] : []
}

/**
 * Step 3: the studio's styles (and emptying and the photo edits, where the provider makes them) as
 * toggles, kept in the workflow's order.
 */
export async function toggleIntakeStyle(actor: Actor, intakeId: string, style: string) {
	const chosen = parseInput(StyleSchema, style)
	assertCanRender([chosen])
	return db.transaction(async (tx) => {
		const intake = await openIntakeById(tx, actor, intakeId, { forUpdate: true })
		const selected = new Set(intake.styles)
		if (selected.has(chosen)) selected.delete(chosen)
		else selected.add(chosen)
		const [updated] = await tx
			.update(telegramIntakes)
			.set({ styles: WORKFLOW_STYLES.filter((s) => selected.has(s)) })
			.where(eq(telegramIntakes.id, intake.id))
			.returning()
		return { intake: updated, photos: await intakePhotos(tx, intake.id) }
	})
}

/**
 * Views of one room: photos of the batch with one room type may be the same room from other
 * angles. The agent is asked once per room type with several photos, when tapping Process (the
 * room types are final then); "same room" makes the first of them the first view and marks the
 * others same room as it before they are processed (processIntake, through core's setSameRoom).
 */
export interface ViewQuestion {
	roomType: string
	/** the photos' positions in the batch (1-based, in the order they were sent) */
	positions: number[]
}

/** The answers so far travel in the buttons: per question, the room type's index and s(ame) or d(ifferent). */
const ANSWERS = /^(?:\d[sd])*$/
export const VIEWS_CHANGED = 'The photos’ rooms changed since this question: tap Process again'
export const VIEWS_UNANSWERED = 'Say first whether the photos of one room type are views of the same room'

export function viewQuestions(photos: Array<{ roomType: string; error?: string | null }>): ViewQuestion[] {
	return WORKFLOW_ROOM_TYPES.map((roomType) => ({
		roomType,
		positions: photos.flatMap((photo, i) => (photo.roomType === roomType ? [i + 1] : [])),
	})).filter((group) => group.positions.length > 1)
}

/** `answers` checked against the batch's photos now: each a room type with several photos, once. */
function readViewAnswers(photos: Array<{ roomType: string }>, answers: string) {
	if (!ANSWERS.test(answers)) throw new InputError({}, VIEWS_CHANGED)
	const questions = viewQuestions(photos)
	const answered = new Map<string, boolean>()
	for (let i = 0; i < answers.length; i += 2) {
		const roomType = WORKFLOW_ROOM_TYPES[Number(answers[i])]
		if (!roomType || answered.has(roomType) || !questions.some((q) => q.roomType === roomType))
			throw new InputError({}, VIEWS_CHANGED)
		answered.set(roomType, answers[i + 1] === 's')
	}
	return {
		questions,
		answered,
		next: questions.find((q) => !answered.has(q.roomType)) ?? null,
		sameRoom: questions.filter((q) => answered.get(q.roomType)),
	}
}

/** The answer a button carries: the answers so far and this question's. */
export const viewAnswer = (answers: string, question: ViewQuestion, same: boolean) =>
	`${answers}${WORKFLOW_ROOM_TYPES.indexOf(question.roomType as (typeof WORKFLOW_ROOM_TYPES)[number])}${same ? 's' : 'd'}`

/**
 * The answers given so far (none when Process is tapped), checked against the batch: the next
 * question, or null when every room type with several photos has its answer.
 */
export async function viewAnswers(actor: Actor, intakeId: string, answers: string) {
	const intake = await openIntakeById(db, actor, intakeId)
	if (intake.step !== 'details' || !intake.projectId) throw new InputError({}, 'Choose the property first')
	return readViewAnswers(await intakePhotos(db, intake.id), answers)
}

/**
 * 'Process': closes the batch and queues the job that downloads, stores and renders the photos,
 * in one transaction, keyed by the batch so a double tap queues it once. The message the agent
 * tapped becomes the status message the progress job edits.
 */
export async function submitIntake(actor: Actor, intakeId: string, statusMessageId: number, viewAnswersGiven = '') {
	return db.transaction(async (tx) => {
		const intake = await openIntakeById(tx, actor, intakeId, { forUpdate: true })
		if (intake.step !== 'details' || !intake.projectId) throw new InputError({}, 'Choose the property first')
		// The studio's own rule and message for an empty choice.
		parseInput(ProcessRoomSchema, { styles: intake.styles })
		const photos = await intakePhotos(tx, intake.id)
		if (!photos.length) throw new InputError({}, 'Send at least one photo')
		const views = readViewAnswers(photos, viewAnswersGiven)
		if (views.next) throw new InputError({}, VIEWS_UNANSWERED)
		const [submitted] = await tx
			.update(telegramIntakes)
			.set({ step: 'submitted', submittedAt: new Date(), statusMessageId })
			.where(eq(telegramIntakes.id, intake.id))
			.returning()
		await addJob(
			tx,
			TELEGRAM_INTAKE_TASK,
			{ intakeId: intake.id, sameRoom: views.sameRoom.map((q) => q.roomType) },
			{ jobKey: `telegram-intake:${intake.id}`, maxAttempts: 5 },
		)
		return { intake: submitted, photos, sameRoom: views.sameRoom }
	})
}
