import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { RoomView } from '#core/studio/views.ts'
import type { ApiClient } from './api-client.ts'

/**
 * One photo to a project over the API, so that sending it again never makes a second room: the
 * upload carries a key the server records with the room (the import's row key, or for `submit` a
 * hash of the project and the photo's bytes); a key the server knows answers the room it made.
 * Only the styles the room does not have yet are processed, so a run cut between the upload and
 * processing finishes the job next time, and a whole rerun queues nothing.
 */
export interface PhotoToSend {
	projectId: string
	file: string
	key: string
	roomType: string
	roomName: string
	hasFurniture: boolean
	styles: string[]
	/** Queued behind interactive work, as a bulk import is. */
	bulk: boolean
}

export interface SentPhoto {
	room: RoomView
	/** The server had this photo already. */
	existing: boolean
	queued: number
}

/** `upload:` and 40 hex digits of the project and the photo's bytes. */
export async function uploadKeyOf(projectId: string, file: string) {
	const hash = createHash('sha256').update(`${projectId}\n`)
	for await (const chunk of fs.createReadStream(file)) hash.update(chunk)
	return `upload:${hash.digest('hex').slice(0, 40)}`
}

export async function sendPhoto(api: ApiClient, photo: PhotoToSend, signal?: AbortSignal): Promise<SentPhoto> {
	return processPhoto(api, photo, await uploadPhoto(api, photo, signal), signal)
}

/** The upload alone: the room made (or found by its key), nothing processed yet. */
export async function uploadPhoto(api: ApiClient, photo: PhotoToSend, signal?: AbortSignal) {
	return api.json<{ room: RoomView; existing: boolean }>('POST', '/api/property-studio/upload-image', {
		form: {
			fields: {
				projectId: photo.projectId,
				roomType: photo.roomType,
				roomName: photo.roomName,
				hasFurniture: String(photo.hasFurniture),
				uploadKey: photo.key,
			},
			file: { field: 'image', path: photo.file },
		},
		retry: true,
		signal,
	})
}

/** The styles an uploaded room does not have yet, processed. */
export async function processPhoto(
	api: ApiClient,
	photo: Pick<PhotoToSend, 'styles' | 'hasFurniture' | 'bulk'>,
	{ room, existing }: { room: RoomView; existing: boolean },
	signal?: AbortSignal,
): Promise<SentPhoto> {
	const missing = photo.styles.filter((style) => !room.selectedStyles.includes(style as never))
	if (!missing.length) return { room, existing, queued: 0 }
	const { queued } = await api.json<{ queued: number }>(
		'POST',
		`/api/property-studio/rooms/${encodeURIComponent(room.id)}/process`,
		{ body: { styles: missing, hasFurniture: photo.hasFurniture, bulk: photo.bulk }, retry: true, signal },
	)
	return { room: { ...room, selectedStyles: [...room.selectedStyles, ...missing] as never }, existing, queued }
}

/**
 * Marks `room` as another view of `firstViewId` (core's setSameRoom, over the API), unless it is
 * already: a rerun asks nothing twice. Returns the room as the server answers it.
 */
export async function markSameRoom(api: ApiClient, room: RoomView, firstViewId: string, signal?: AbortSignal) {
	if (room.sameRoomAs === firstViewId) return room
	const answer = await api.json<RoomView | { room: RoomView }>(
		'POST',
		`/api/property-studio/rooms/${encodeURIComponent(room.id)}/same-room`,
		{ body: { sameRoomAs: firstViewId }, retry: true, signal },
	)
	// The room's view, bare or under `room`.
	return 'room' in answer && typeof answer.room === 'object' ? answer.room : (answer as RoomView)
}

/**
 * Runs `work` on every item, at most `limit` at once, in order of the items; the first failure
 * stops new items from starting and is thrown once the running ones end.
 */
export async function eachLimited<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>) {
	const results: R[] = new Array(items.length)
	let next = 0
	let failure: { error: unknown } | null = null
	const lane = async () => {
		while (!failure && next < items.length) {
			const index = next++
			try {
				results[index] = await work(items[index], index)
			} catch (error) {
				failure ??= { error }
			}
		}
	}
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
	if (failure) throw (failure as { error: unknown }).error
	return results
}
