import { useCallback, useEffect, useRef, useState } from 'react'
import { guessRoomType } from '#core/studio/room-type-guess.ts'
import { MAX_UPLOAD_BYTES } from '#core/studio/studio.schema.ts'
import type { RoomView } from '#core/studio/views.ts'
import { type WorkflowRoomType } from './labels.ts'
import { roomTypeLabel } from '#core/studio/labels.ts'
import { errorMessage, runWithConcurrency, uploadRoomImage } from './studio-api.ts'

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
	progress: number
	error?: string
}

// Two at a time: enough to keep a phone's uplink busy without starving the progress of each.
const UPLOAD_CONCURRENCY = 2

// Not crypto.randomUUID(): browsers only offer it on https or localhost.
let lastItemId = 0

/** Why a picked file cannot be used, or null. */
export function rejectionOf(file: File) {
	if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
		return `${file.name} is not a JPG, PNG or WebP image.`
	if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is over 10MB. Please choose a smaller file.`
	return null
}

/**
 * Room names shown in the gallery: 'Bedroom', then 'Bedroom 2'... counted across the project's
 * existing rooms, so a second batch does not start again at one.
 */
function roomNamesFor(items: UploadItem[], existingRooms: Pick<RoomView, 'roomType'>[]) {
	const seen = new Map<string, number>()
	for (const room of existingRooms) seen.set(room.roomType, (seen.get(room.roomType) ?? 0) + 1)
	return new Map(
		items.map((item) => {
			const n = (seen.get(item.roomType) ?? 0) + 1
			seen.set(item.roomType, n)
			const label = roomTypeLabel(item.roomType)
			return [item.id, n === 1 ? label : `${label} ${n}`]
		}),
	)
}

/** Picked photos, their previews (object URLs freed on remove and unmount) and their uploads. */
export function useUploadQueue(projectId: string) {
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
				progress: 0,
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

	/**
	 * Uploads every photo not yet on the server (or only `onlyId`). Resolves with the rooms made
	 * and whether any failed; failures stay in the list with their message for a retry.
	 */
	const uploadPending = useCallback(
		async (existingRooms: Pick<RoomView, 'roomType'>[], onlyId?: string) => {
			const pending = latest.current.filter((item) => !item.uploaded && (!onlyId || item.id === onlyId))
			const names = roomNamesFor(pending, existingRooms)
			const results = await runWithConcurrency(pending, UPLOAD_CONCURRENCY, async (item) => {
				update(item.id, { state: 'uploading', progress: 0, error: undefined })
				try {
					const { roomId, room } = await uploadRoomImage(
						{
							file: item.file,
							projectId,
							roomType: item.roomType,
							roomName: names.get(item.id) ?? roomTypeLabel(item.roomType),
							hasFurniture: item.hasFurniture,
						},
						(progress) => update(item.id, { progress }),
					)
					update(item.id, { state: 'uploaded', uploaded: true, roomId, progress: 1 })
					return room
				} catch (error) {
					update(item.id, { state: 'failed', error: errorMessage(error, 'Failed to upload image') })
					throw error
				}
			})
			const rooms = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
			return { rooms, failed: results.length - rooms.length }
		},
		[projectId, update],
	)

	return { items, addFiles, remove, update, uploadPending }
}

export type UploadQueue = ReturnType<typeof useUploadQueue>
