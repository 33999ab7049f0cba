/**
 * What the Telegram jobs need from Telegram itself. Core decides what to send and when; the bot
 * door implements these with grammy (core imports no grammy), and tests can see every call.
 */

export interface TelegramFiles {
	/** Telegram's getFile: the size it reports (when it does) and a reader of the bytes. */
	fileInfo(fileId: string): Promise<{ size: number | undefined; open(): Promise<AsyncIterable<Uint8Array>> }>
}

export interface StyleProgress {
	style: string
	expected: number
	completed: number
	failed: number
}

export interface PhotoProgress extends RoomRef {
	/** 1-based, in the order the agent sent the photos */
	position: number
	fileName: string | null
	/** why the photo was not stored (too large, not an image), if it was not */
	error: string | null
	stored: boolean
	styles: StyleProgress[]
}

export interface IntakeProgress {
	propertyAddress: string
	photos: PhotoProgress[]
	/** nothing is pending any more */
	done: boolean
}

export interface RoomRef {
	roomType: string
	roomName: string | null
	/** which of the batch's rooms of this kind it is (Bedroom 1, Bedroom 2), null when it is the only one */
	ordinal: number | null
}

export interface VariationDelivery {
	/** The room the images are of: its photo is what 'Remove…' and 'Renovate…' under them edit. */
	roomId: string
	room: RoomRef
	style: string
	/** Made by the local preview renderer: the caption says so ('Preview, not staged'). */
	isPreview: boolean
	variations: Array<{
		id: string
		isFavorite: boolean
		/** What the room check thinks may differ from the photo (the agent should look), else null. */
		roomCheck: string | null
		/**
		 * What the image changed, else null: what the room check saw it add and take away ("Added: a
		 * sofa and two lamps"), or for an edit kept to its scope, that scope ("Removed: a lamp; nothing else changed").
		 */
		contents: string | null
		/** Where the image's original is on the property's originals page, for an altered image; else null. */
		originalsUrl: string | null
		readImage(): Promise<Buffer>
	}>
}

export interface StyleFailure {
	room: RoomRef
	style: string
	message: string
}

export interface TelegramNotifier {
	/** Edits the batch's one status message. */
	showStatus(chatId: number, messageId: number, progress: IntakeProgress): Promise<void>
	/** A finished room and style: its images, uploaded as bytes, with favourite and remodel buttons. */
	sendVariations(chatId: number, delivery: VariationDelivery): Promise<void>
	reportFailure(chatId: number, failure: StyleFailure): Promise<void>
	/** A plain message (a ticket answered or resolved). */
	sendNotice(chatId: number, text: string): Promise<void>
}
