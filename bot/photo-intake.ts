import { Composer, InlineKeyboard } from 'grammy'
import type { Message } from 'grammy/types'
import type { TelegramIntake, TelegramIntakePhoto } from '#db/schema/telegram.ts'
import { pluralise, roomTypeLabel, styleLabel } from '#core/studio/labels.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { InputError } from '#core/errors.ts'
import { getProject, listProjects } from '#core/studio/projects.ts'
import { VARIATIONS_PER_STYLE, WORKFLOW_ROOM_TYPES } from '#core/studio/studio.schema.ts'
import {
	addPhoto,
	askIntakeAddress,
	chooseIntakeProject,
	createIntakeProject,
	getOpenIntake,
	intakeAwaitingAddress,
	intakeWarnings,
	offeredIntakeStyles,
	setIntakeMessage,
	setPhotoRoomType,
	submitIntake,
	toggleIntakeStyle,
	togglePhotoFurniture,
	unofferedEditsNote,
	viewAnswer,
	viewAnswers,
	type IncomingPhoto,
	type ViewQuestion,
} from '#core/telegram/intake.ts'
import { notModified } from './api.ts'
import { buttonText, callbackPattern, fullId, shortId } from './callback-data.ts'
import { linkedUser, type BotContext } from './context.ts'

/** How many active properties the 'which property?' question offers; older ones via the web. */
const PROPERTY_CHOICES = 8

/** The photo as Telegram describes it: the largest size of a photo, or an image sent as a file. */
function incomingPhoto(message: Message): IncomingPhoto | null {
	const common = { caption: message.caption, messageId: message.message_id }
	if (message.photo?.length) {
		const largest = message.photo[message.photo.length - 1]
		return { ...common, fileId: largest.file_id, fileUniqueId: largest.file_unique_id, fileSize: largest.file_size }
	}
	const document = message.document
	if (!document) return null
	return {
		...common,
		fileId: document.file_id,
		fileUniqueId: document.file_unique_id,
		fileName: document.file_name,
		// a file without a type is checked by its bytes after download, like the web's uploads
		mimeType: document.mime_type,
		fileSize: document.file_size,
	}
}

function roomKeyboard(photo: TelegramIntakePhoto) {
	const keyboard = new InlineKeyboard()
	WORKFLOW_ROOM_TYPES.forEach((type, i) => {
		keyboard.text(`${photo.roomType === type ? '✓ ' : ''}${roomTypeLabel(type)}`, `rt:${shortId(photo.id)}:${type}`)
		if (i % 3 === 2) keyboard.row()
	})
	return keyboard
		.row()
		.text(`${photo.hasFurniture ? '☑' : '☐'} Contains furniture to remove`, `fu:${shortId(photo.id)}`)
}

/**
 * The styles question: what will be made, the warning for twilight of an inside room, and last,
 * just above the buttons, why the photo edits left off the keyboard are not there.
 */
function stylesText(intake: TelegramIntake, photos: TelegramIntakePhoto[]) {
	const count = photos.length * intake.styles.length * VARIATIONS_PER_STYLE
	return [
		'Choose styles, then tap Process.',
		`This will generate ${count} variation(s)`,
		...intakeWarnings(intake, photos),
		...unofferedEditsNote(),
	].join('\n')
}

function stylesKeyboard(intake: TelegramIntake) {
	const keyboard = new InlineKeyboard()
	// Emptying and the photo edits are offered only where the staging provider makes them (not the local preview).
	const offered = offeredIntakeStyles()
	offered.forEach((style, i) => {
		keyboard.text(
			`${intake.styles.includes(style) ? '✓ ' : ''}${styleLabel(style)}`,
			`st:${shortId(intake.id)}:${style}`,
		)
		if (i % 2 === 1 || i === offered.length - 1) keyboard.row()
	})
	return keyboard.text('Process', `go:${shortId(intake.id)}`)
}

async function askProperty(ctx: BotContext, actor: Actor, intakeId: string) {
	const projects = (await listProjects(actor)).filter((p) => p.status === 'active').slice(0, PROPERTY_CHOICES)
	const keyboard = new InlineKeyboard()
	for (const project of projects)
		keyboard.text(buttonText(project.propertyAddress), `pp:${shortId(intakeId)}:${shortId(project.id)}`).row()
	keyboard.text('New property', `pn:${shortId(intakeId)}`)
	const question = await ctx.reply('Which property are these photos for?', { reply_markup: keyboard })
	await setIntakeMessage(actor, intakeId, { promptMessageId: question.message_id })
}

/** One question per photo, as a reply to it, so the agent sees which room is meant. */
async function askRoom(ctx: BotContext, photo: TelegramIntakePhoto, position: number) {
	await ctx.reply(`Photo ${position}: which room is it?`, {
		reply_markup: roomKeyboard(photo),
		reply_parameters: { message_id: photo.messageId, allow_sending_without_reply: true },
	})
}

/** Steps 2 and 3, once the property is known: a room question per photo, then the styles. */
async function askDetails(ctx: BotContext, intake: TelegramIntake, photos: TelegramIntakePhoto[]) {
	for (const [i, photo] of photos.entries()) await askRoom(ctx, photo, i + 1)
	const question = await ctx.reply(stylesText(intake, photos), { reply_markup: stylesKeyboard(intake) })
	await setIntakeMessage(linkedUser(ctx).actor, intake.id, { statusMessageId: question.message_id })
}

/**
 * The styles question redrawn for the batch as it is now, once a photo's room type changed or a
 * photo joined it: the count and the twilight warning are the batch's, not what it was when asked.
 */
async function redrawStyles(ctx: BotContext, intakeId: string) {
	const { intake, photos } = await getOpenIntake(linkedUser(ctx).actor, intakeId)
	if (!intake.statusMessageId) return
	try {
		await ctx.api.editMessageText(intake.chatId, intake.statusMessageId, stylesText(intake, photos), {
			reply_markup: stylesKeyboard(intake),
		})
	} catch (error) {
		// A room type that changes neither the count nor the warning leaves the text as it was.
		if (!notModified(error)) throw error
	}
}

async function propertyChosen(ctx: BotContext, result: Awaited<ReturnType<typeof chooseIntakeProject>>) {
	const text = `Property: ${result.project.propertyAddress}`
	if (result.intake.promptMessageId)
		await ctx.api.editMessageText(ctx.chat!.id, result.intake.promptMessageId, text).catch(() => ctx.reply(text))
	else await ctx.reply(text)
	// A second tap on an answered question must not ask everything again.
	if (!result.wasChosen) await askDetails(ctx, result.intake, result.photos)
}

/** Photos in, rooms, styles and 'Process' out: the studio's workflow, one button at a time. */
export const photoIntake = new Composer<BotContext>()

photoIntake.on(['message:photo', 'message:document'], async (ctx) => {
	const { actor } = linkedUser(ctx)
	const incoming = incomingPhoto(ctx.msg)!
	let added: Awaited<ReturnType<typeof addPhoto>>
	try {
		added = await addPhoto(actor, { telegramUserId: ctx.from.id, chatId: ctx.chat.id }, incoming)
	} catch (error) {
		if (!(error instanceof InputError)) throw error
		// Refused before any download; the reply points at the photo it is about.
		await ctx.reply(error.message, {
			reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true },
		})
		return
	}
	const { intake, photo, started } = added
	if (started) return askProperty(ctx, actor, intake.id)
	if (!photo) return
	const { photos } = await getOpenIntake(actor, intake.id)
	const position = photos.findIndex((p) => p.id === photo.id) + 1
	if (intake.step === 'details') {
		await askRoom(ctx, photo, position)
		await redrawStyles(ctx, intake.id)
	}
	// An album's photos join silently; a photo sent on its own is acknowledged.
	else if (!ctx.msg.media_group_id) await ctx.reply(`Added: ${pluralise(photos.length, 'photo')} so far.`)
})

photoIntake.callbackQuery(callbackPattern('pp', 2), async (ctx) => {
	const result = await chooseIntakeProject(linkedUser(ctx).actor, fullId(ctx.match[1]), fullId(ctx.match[2]))
	await ctx.answerCallbackQuery()
	await propertyChosen(ctx, result)
})

photoIntake.callbackQuery(callbackPattern('pn', 1), async (ctx) => {
	const intake = await askIntakeAddress(linkedUser(ctx).actor, fullId(ctx.match[1]))
	await ctx.answerCallbackQuery()
	if (intake.step === 'address') await ctx.editMessageText('Send me the address of the new property.')
})

photoIntake.on('message:text', async (ctx, next) => {
	const { actor } = linkedUser(ctx)
	const intake = ctx.msg.text.startsWith('/') ? null : await intakeAwaitingAddress(actor, ctx.from.id)
	if (!intake) return next()
	// The studio's rule and message for the address; on a refusal the question stays open.
	await propertyChosen(ctx, await createIntakeProject(actor, intake.id, ctx.msg.text))
})

photoIntake.callbackQuery(callbackPattern('rt', 2), async (ctx) => {
	const photo = await setPhotoRoomType(linkedUser(ctx).actor, fullId(ctx.match[1]), ctx.match[2])
	await ctx.answerCallbackQuery({ text: roomTypeLabel(photo.roomType) })
	await ctx.editMessageReplyMarkup({ reply_markup: roomKeyboard(photo) })
	await redrawStyles(ctx, photo.intakeId)
})

photoIntake.callbackQuery(callbackPattern('fu', 1), async (ctx) => {
	const photo = await togglePhotoFurniture(linkedUser(ctx).actor, fullId(ctx.match[1]))
	await ctx.answerCallbackQuery()
	await ctx.editMessageReplyMarkup({ reply_markup: roomKeyboard(photo) })
})

photoIntake.callbackQuery(callbackPattern('st', 2), async (ctx) => {
	const { intake, photos } = await toggleIntakeStyle(linkedUser(ctx).actor, fullId(ctx.match[1]), ctx.match[2])
	await ctx.answerCallbackQuery()
	await ctx.editMessageText(stylesText(intake, photos), { reply_markup: stylesKeyboard(intake) })
})

/** "Photos 1, 2 and 3" */
const photoList = (positions: number[]) =>
	`Photos ${positions.slice(0, -1).join(', ')} and ${positions[positions.length - 1]}`

/** One question per room type with several photos: are they views of the same room? */
async function askViews(ctx: BotContext, intakeId: string, answers: string, question: ViewQuestion) {
	await ctx.reply(
		`${photoList(question.positions)} are all ${roomTypeLabel(question.roomType)}. Are they views of the same room? If so, the first is staged first and the others to match it.`,
		{
			reply_markup: new InlineKeyboard()
				.text('Same room', `sv:${shortId(intakeId)}:${viewAnswer(answers, question, true)}`)
				.text('Different rooms', `sv:${shortId(intakeId)}:${viewAnswer(answers, question, false)}`),
		},
	)
}

const viewsLine = (question: ViewQuestion) =>
	`${photoList(question.positions)} (${roomTypeLabel(question.roomType)}): views of one room, staged to match photo ${question.positions[0]}`

/** Closes the batch; the message tapped becomes the status message the progress job keeps up to date. */
async function submit(ctx: BotContext, intakeId: string, answers: string) {
	const { actor } = linkedUser(ctx)
	// An old message Telegram no longer shows to bots gets a fresh status message instead.
	const statusMessageId = ctx.callbackQuery?.message?.message_id ?? (await ctx.reply('Processing…')).message_id
	const { intake, photos, sameRoom } = await submitIntake(actor, intakeId, statusMessageId, answers)
	const project = await getProject(actor, intake.projectId!)
	await ctx.answerCallbackQuery({ text: 'Processing started' })
	await ctx.api.editMessageText(
		ctx.chat!.id,
		statusMessageId,
		[
			`${project.propertyAddress}\n\nProcessing ${pluralise(photos.length, 'photo')} in ${intake.styles.map(styleLabel).join(', ')}…`,
			...sameRoom.map(viewsLine),
			...intakeWarnings(intake, photos),
		].join('\n'),
	)
}

photoIntake.callbackQuery(callbackPattern('go', 1), async (ctx) => {
	const intakeId = fullId(ctx.match[1])
	// Several photos of one room type: asked first whether they are views of one room.
	const { next } = await viewAnswers(linkedUser(ctx).actor, intakeId, '')
	if (!next) return submit(ctx, intakeId, '')
	await ctx.answerCallbackQuery()
	await askViews(ctx, intakeId, '', next)
})

photoIntake.callbackQuery(/^sv:([A-Za-z0-9_-]+):([0-9sd]{2,20})$/, async (ctx) => {
	const intakeId = fullId(ctx.match[1])
	const answers = ctx.match[2]
	// Core checks the answers against the batch as it is now.
	const { next, questions, answered } = await viewAnswers(linkedUser(ctx).actor, intakeId, answers)
	if (!next) return submit(ctx, intakeId, answers)
	const question = questions.find((q) => viewAnswer(answers.slice(0, -2), q, answered.get(q.roomType)!) === answers)
	await ctx.answerCallbackQuery()
	if (question)
		await ctx.editMessageText(
			answered.get(question.roomType)
				? viewsLine(question)
				: `${photoList(question.positions)} (${roomTypeLabel(question.roomType)}): different rooms`,
		)
	await askViews(ctx, intakeId, answers, next)
})
