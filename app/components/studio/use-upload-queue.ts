import { useFetcher } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { RoomView } from '#core/studio/views.ts'
import { refusalOf } from './photo-check.ts'
import { intentAction } from './workflow-steps.ts'

export { ACCEPTED_IMAGE_TYPES } from './photo-check.ts'

/**
 * A photo picked on this device (spec 02 §3 "workflow upload item"), from the moment it is chosen:
 * checked here, then uploaded at once, its room type suggested by the server from what it shows.
 * `refused`: it cannot be used (no image, too large), said on its row, nothing sent or kept;
 * `failed`: the upload did not arrive (offline, a server fault), which a retry can mend.
 */
export type UploadItem = {
	id: string
	file: File
	preview: string
	hasFurniture: boolean
	state: 'checking' | 'refused' | 'waiting' | 'uploading' | 'uploaded' | 'failed'
	/** the room the photo became */
	room?: RoomView
	error?: string
}

export const FAILED_TO_UPLOAD = 'Failed to upload image'

// Not crypto.randomUUID(): browsers only offer it on https or localhost.
let lastItemId = 0

/** The JSON API's answer to one photo: the room, or what was wrong with the photo. */
async function sendPhoto(projectId: string, item: UploadItem): Promise<Pick<UploadItem, 'state' | 'room' | 'error'>> {
	const form = new FormData()
	form.set('projectId', projectId)
	form.set('hasFurniture', String(item.hasFurniture))
	form.set('image', item.file)
	let response: Response
	try {
		response = await fetch('/api/property-studio/upload-image', { method: 'POST', body: form })
	} catch {
		return { state: 'failed', error: FAILED_TO_UPLOAD } // offline, or the connection dropped
	}
	const answer = (await response.json().catch(() => null)) as {
		room?: RoomView
		message?: string
		errors?: Record<string, string[]>
	} | null
	if (response.ok && answer?.room) return { state: 'uploaded', room: answer.room }
	// A refusal of the photo itself (4xx but 408/429) is said on its row: sending it again cannot help.
	if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429)
		return { state: 'refused', error: answer?.errors?.image?.[0] ?? answer?.message ?? FAILED_TO_UPLOAD }
	return { state: 'failed', error: FAILED_TO_UPLOAD }
}

/**
 * Picked photos, their previews (object URLs freed on remove and unmount) and their uploads: each
 * photo is checked as it is chosen and, if usable, uploaded straight away, one at a time.
 */
export function useUploadQueue(projectId: string) {
	const [items, setItems] = useState<UploadItem[]>([])
	const latest = useRef(items)
	latest.current = items
	const remover = useFetcher({ key: 'studio-photo-remove' })

	useEffect(() => () => latest.current.forEach((item) => URL.revokeObjectURL(item.preview)), [])

	const update = useCallback((id: string, change: Partial<UploadItem>) => {
		setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)))
	}, [])

	// One upload at a time, in the order chosen (a photo still being checked holds back those after
	// it, so rooms are named in that order): a phone's upload bandwidth is the limit anyway.
	const sending = useRef<string | null>(null)
	useEffect(() => {
		if (sending.current) return
		const next = items.find((item) => item.state === 'waiting' || item.state === 'checking')
		if (next?.state !== 'waiting') return
		sending.current = next.id
		update(next.id, { state: 'uploading', error: undefined })
		sendPhoto(projectId, next).then((outcome) => {
			sending.current = null
			update(next.id, outcome)
		})
	}, [items, projectId, update])

	const addFiles = useCallback(
		(files: Iterable<File>) => {
			const added = [...files].map(
				(file): UploadItem => ({
					id: `upload-${++lastItemId}`,
					file,
					preview: URL.createObjectURL(file),
					hasFurniture: false,
					state: 'checking',
				}),
			)
			setItems((current) => [...current, ...added])
			for (const item of added)
				refusalOf(item.file).then((refusal) =>
					update(item.id, refusal ? { state: 'refused', error: refusal } : { state: 'waiting' }),
				)
		},
		[update],
	)

	/** Takes a photo off the list, and back from the project if it was uploaded already. */
	const remove = useCallback(
		(id: string) => {
			const item = latest.current.find((i) => i.id === id)
			if (!item || item.state === 'uploading') return
			if (item.room)
				remover.submit({ roomId: item.room.id }, { method: 'post', action: intentAction('upload', 'remove-photo') })
			URL.revokeObjectURL(item.preview)
			setItems((current) => current.filter((i) => i.id !== id))
		},
		[remover.submit],
	)

	const retry = useCallback((id: string) => update(id, { state: 'waiting', error: undefined }), [update])

	const busy = items.some((item) => ['checking', 'waiting', 'uploading'].includes(item.state))
	return { items, addFiles, remove, retry, update, busy }
}

export type UploadQueue = ReturnType<typeof useUploadQueue>
