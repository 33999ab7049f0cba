import { Readable } from 'node:stream'
import { InputFile, InputMediaBuilder, type Api } from 'grammy'
import { pluralise, roomLabel, styleLabel } from '#core/studio/labels.ts'
import { PREVIEW_LABEL } from '#core/render/provider.ts'
import type {
	IntakeProgress,
	PhotoProgress,
	RoomRef,
	StyleFailure,
	StyleProgress,
	TelegramFiles,
	TelegramNotifier,
	VariationDelivery,
} from '#core/telegram/ports.ts'
import { createApi, notModified, telegramSettings, type TelegramSettings } from './api.ts'
import { caption, originalLine } from './captions.ts'
import { variationKeyboard } from './variation-buttons.ts'

/** 'Bedroom 2' when the batch has two bedrooms, else the room's name or type. */
function roomTitle(room: RoomRef) {
	return room.ordinal ? `${roomLabel(room)} ${room.ordinal}` : roomLabel(room)
}

function styleLine(photo: PhotoProgress, s: StyleProgress) {
	const title = `${roomTitle(photo)} · ${styleLabel(s.style)}`
	if (s.expected === 0) return `${title}: queued`
	if (s.failed === s.expected) return `${title}: failed`
	const finished = s.completed + s.failed === s.expected
	return `${title} ${s.completed}/${s.expected}${s.failed ? ` (${s.failed} failed)` : ''}${finished ? ' ✓' : ''}`
}

/** The one status message of a batch: a line per room and style, a line per photo that did not make it. */
function statusText(progress: IntakeProgress) {
	const lines = [progress.propertyAddress, '']
	for (const photo of progress.photos) {
		if (photo.error)
			lines.push(`Photo ${photo.position}${photo.fileName ? ` (${photo.fileName})` : ''}: ${photo.error}`)
		else if (!photo.stored) lines.push(`Photo ${photo.position} · ${roomTitle(photo)}: uploading…`)
		else lines.push(...photo.styles.map((s) => styleLine(photo, s)))
	}
	if (progress.done) lines.push('', 'All done. Tap ♡ under the images to keep your favourites.')
	return lines.join('\n')
}

/** Telegram seen from the jobs: file downloads for the intake, messages for the progress. */
export class TelegramGateway implements TelegramFiles, TelegramNotifier {
	constructor(
		private readonly api: Api,
		private readonly settings: TelegramSettings,
	) {}

	async fileInfo(fileId: string) {
		const file = await this.api.getFile(fileId)
		return {
			size: file.file_size,
			open: async () => {
				if (!file.file_path) throw new Error('Telegram gave no path for the file')
				const response = await fetch(`${this.settings.apiRoot}/file/bot${this.settings.token}/${file.file_path}`)
				if (!response.ok || !response.body) throw new Error(`Telegram file download failed: ${response.status}`)
				return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>)
			},
		}
	}

	async showStatus(chatId: number, messageId: number, progress: IntakeProgress) {
		try {
			await this.api.editMessageText(chatId, messageId, statusText(progress))
		} catch (error) {
			// The job looks every few seconds; nothing new since last time is not a failure.
			if (!notModified(error)) throw error
		}
	}

	async sendVariations(chatId: number, delivery: VariationDelivery) {
		const title = [
			roomTitle(delivery.room),
			styleLabel(delivery.style),
			...(delivery.isPreview ? [PREVIEW_LABEL] : []),
		].join(' · ')
		const { variations } = delivery
		const files = await Promise.all(
			variations.map(async (v, i) => new InputFile(await v.readImage(), `rendo-${i + 1}.jpg`)),
		)
		const keyboard = variationKeyboard(variations, { roomId: delivery.roomId, style: delivery.style })
		const checks = roomCheckLines(delivery)
		if (files.length === 1) {
			await this.api.sendPhoto(chatId, files[0], {
				caption: caption([title, ...originalLine(variations[0].originalsUrl), ...checks, ...seenLine(variations[0])]),
				reply_markup: keyboard,
			})
			return
		}
		await this.api.sendMediaGroup(
			chatId,
			files.map((file, i) => InputMediaBuilder.photo(file, albumCaption(title, variations, i))),
		)
		await this.api.sendMessage(
			chatId,
			[`${title}: ${pluralise(files.length, 'variation')}. Tap ♡ to keep your favourites.`, ...checks].join('\n'),
			{
				reply_markup: keyboard,
			},
		)
	}

	async sendNotice(chatId: number, text: string) {
		await this.api.sendMessage(chatId, text)
	}

	async reportFailure(chatId: number, failure: StyleFailure) {
		// The studio's own words for a failed room and style (spec 02 §8).
		await this.api.sendMessage(
			chatId,
			`Failed to process ${roomTitle(failure.room)} with ${styleLabel(failure.style)} style: ${failure.message}`,
		)
	}
}

/**
 * An album's captions: the title under the album; altered images each carry their own, numbered
 * as their hearts are, with the address of their original, so one forwarded alone still leads there,
 * and what the room check saw it add and take away.
 */
function albumCaption(title: string, variations: VariationDelivery['variations'], i: number) {
	if (!variations.some((v) => v.originalsUrl || v.contents)) return i === 0 ? { caption: title } : {}
	return {
		caption: caption([`${title} · ${i + 1}`, ...originalLine(variations[i].originalsUrl), ...seenLine(variations[i])]),
	}
}

/** What the room check saw the image add and take away, when it saw anything: after the rest, the first to give way. */
const seenLine = (v: VariationDelivery['variations'][number]) => (v.contents ? [v.contents] : [])

/** A line per image the room check flagged: listings may add furniture, not change the property. */
function roomCheckLines({ variations }: VariationDelivery) {
	const flagged = variations.flatMap((v, i) =>
		v.roomCheck ? [`⚠ ${variations.length > 1 ? `${i + 1}: ` : ''}${v.roomCheck}`] : [],
	)
	return flagged.length ? [...flagged, 'Look before you use it: keep it or have it replaced free in the gallery.'] : []
}

/** The gateway of the configured bot, for the worker's Telegram jobs. */
export function telegramGateway() {
	const settings = telegramSettings()
	return new TelegramGateway(createApi(settings), settings)
}
