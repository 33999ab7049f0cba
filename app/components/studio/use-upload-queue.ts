import { useFetcher } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { roomNamesFor } from '#core/studio/room-names.ts'
import { guessRoomType } from '#core/studio/room-type-guess.ts'
import { MAX_UPLOAD_BYTES, PHOTO_FIELD, photoTooLarge } from '#core/studio/studio.schema.ts'
import type { RoomView } from '#core/studio/views.ts'
import type { WorkflowRoomType } from './labels.ts'
import { intentAction } from './workflow-steps.ts'

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** A photo picked on this device (spec 02 §3 "workflow upload item"), plus its upload state. */
export type UploadItem = {
	id: string
	file: File
	preview: string
	roomType: WorkflowRoomType | ''
	hasFurniture: boolean
	uploaded: boolean
	roomId?: string
	state: 'waiting' | 'uploading' | 'uploaded' | 'failed'
	error?: string
}

// Not crypto.randomUUID(): browsers only offer it on https or localhost.
let lastItemId = 0

/** Why a picked file cannot be used, or null. */
export function rejectionOf(file: File) {
	if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
		return `${file.name} is not a JPG, PNG or WebP image.`
	if (file.size > MAX_UPLOAD_BYTES) return photoTooLarge(file.name)
	return null
}

/** Picked photos, their previews (object URLs freed on remove and unmount) and their uploads. */
export function useUploadQueue() {
	const [items, setItems] = useState<UploadItem[]>([])
	const latest = useRef(items)
	latest.current = items

	useEffect(() => () => latest.current.forEach((item) => URL.revokeObjectURL(item.preview)), [])

	const update = useCallback((id: string, change: Partial<UploadItem>) => {
		setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)))
	}, [])

	/** Adds the usable files; returns the reasons the others were turned away. */
	const addFiles = useCallback((files: Iterable<File>) => {
		const rejected: string[] = []
		const added: UploadItem[] = []
		for (const file of files) {
			const reason = rejectionOf(file)
			if (reason) {
				rejected.push(reason)
				continue
			}
			added.push({
				id: `upload-${++lastItemId}`,
				file,
				preview: URL.createObjectURL(file),
				roomType: guessRoomType(file.name),
				hasFurniture: false,
				uploaded: false,
				state: 'waiting',
			})
		}
		if (added.length) setItems((current) => [...current, ...added])
		return rejected
	}, [])

	const remove = useCallback((id: string) => {
		setItems((current) => {
			const item = current.find((i) => i.id === id)
			if (item) URL.revokeObjectURL(item.preview)
			return current.filter((i) => i.id !== id)
		})
	}, [])

	const sender = usePhotoSender(latest, update)

	/**
	 * Uploads every photo not yet on the server (or only `onlyId`), named against the project's
	 * rooms. `onDone` hears whether any failed; failures stay in the list with their message.
	 */
	const uploadPending = useCallback(
		(existingRooms: Pick<RoomView, 'roomType'>[], onDone: (failed: number) => void, onlyId?: string) => {
			const pending = latest.current.filter((item) => !item.uploaded && (!onlyId || item.id === onlyId))
			const names = roomNamesFor(
				pending.map((item) => item.roomType),
				existingRooms,
			)
			sender.send(
				pending.map((item, i) => ({ id: item.id, roomName: names[i] })),
				onDone,
			)
		},
		[sender.send],
	)

	return { items, addFiles, remove, update, uploadPending, uploading: sender.busy }
}

type Queued = { id: string; roomName: string }
type UploadAnswer = { rooms?: RoomView[]; result?: { status?: string; error?: Record<string, string[] | null> } }

/**
 * Sends queued photos one at a time, each as its own post to the page's upload action through a
 * fetcher (the action answers a fetcher with data, not a redirect): one photo's failure is that
 * photo's only, and is retried alone.
 */
function usePhotoSender(latest: { current: UploadItem[] }, update: (id: string, change: Partial<UploadItem>) => void) {
	const fetcher = useFetcher<UploadAnswer>({ key: 'studio-photo-upload' })
	const [queue, setQueue] = useState<Queued[]>([])
	const inFlight = useRef<string | null>(null)
	// An answer counts only after the post was seen under way, not the previous photo's answer.
	const sawBusy = useRef(false)
	const batch = useRef<{ failed: number; onDone: (failed: number) => void } | null>(null)

	const { state, data, submit } = fetcher
	useEffect(() => {
		if (state !== 'idle') {
			sawBusy.current = true
			return
		}
		const sent = inFlight.current
		if (sent) {
			if (!sawBusy.current) return
			// The answer to the photo in flight: mark it, then the effect runs again for the next.
			inFlight.current = null
			const room = data?.rooms?.[0]
			if (room) update(sent, { state: 'uploaded', uploaded: true, roomId: room.id, error: undefined })
			else {
				if (batch.current) batch.current.failed++
				update(sent, { state: 'failed', error: data?.result?.error?.['']?.[0] ?? 'Failed to upload image' })
			}
			setQueue((current) => current.slice(1))
			return
		}
		const next = queue[0]
		if (!next) {
			const done = batch.current
			batch.current = null
			done?.onDone(done.failed)
			return
		}
		const item = latest.current.find((i) => i.id === next.id)
		if (!item) return setQueue((current) => current.slice(1))
		const form = new FormData()
		form.set('roomType', item.roomType)
		form.set('roomName', next.roomName)
		form.set('hasFurniture', String(item.hasFurniture))
		form.append(PHOTO_FIELD, item.file)
		inFlight.current = item.id
		sawBusy.current = false
		update(item.id, { state: 'uploading', error: undefined })
		submit(form, { method: 'post', encType: 'multipart/form-data', action: intentAction('upload', 'upload') })
	}, [state, data, submit, queue, latest, update])

	const send = useCallback((photos: Queued[], onDone: (failed: number) => void) => {
		if (!photos.length) return onDone(0) // all in already (Back, then Continue again)
		batch.current = { failed: 0, onDone }
		setQueue(photos)
	}, [])

	return { send, busy: queue.length > 0 || state !== 'idle' }
}

export type UploadQueue = ReturnType<typeof useUploadQueue>
