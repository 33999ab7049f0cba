import type { RoomView, VariationView } from '#core/studio/views.ts'

/** A failed call to the studio API, carrying the server's { message } when it sent one. */
export class StudioApiError extends Error {
	name = 'StudioApiError'
	constructor(
		message: string,
		public status: number,
	) {
		super(message)
	}
}

async function messageOf(response: Response, fallback: string) {
	try {
		const body = (await response.json()) as { message?: unknown }
		return typeof body.message === 'string' && body.message ? body.message : fallback
	} catch {
		return fallback
	}
}

export async function request<T>(url: string, init: RequestInit | undefined, fallback: string): Promise<T> {
	let response: Response
	try {
		response = await fetch(url, { credentials: 'same-origin', ...init })
	} catch {
		throw new StudioApiError(fallback, 0)
	}
	if (!response.ok) throw new StudioApiError(await messageOf(response, fallback), response.status)
	return (await response.json()) as T
}

export function postJson<T>(url: string, body: unknown, fallback: string) {
	return request<T>(
		url,
		{ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
		fallback,
	)
}

const base = '/api/property-studio'

export function fetchRooms(projectId: string) {
	return request<RoomView[]>(`${base}/projects/${projectId}/rooms`, { cache: 'no-store' }, 'Failed to load rooms')
}

export function fetchVariations(projectId: string) {
	return request<VariationView[]>(
		`${base}/projects/${projectId}/variations`,
		{ cache: 'no-cache' },
		'Failed to load variations',
	)
}

export function requestProcessing(roomId: string, input: { style: string; roomType: string; hasFurniture: boolean }) {
	return postJson<{ success: true; queued: number }>(
		`${base}/rooms/${roomId}/process`,
		{ styles: [input.style], roomType: input.roomType, variationCount: 3, hasFurniture: input.hasFurniture },
		'Processing failed',
	)
}

export async function requestRemodel(roomId: string, style: string) {
	const body = await postJson<{ success: true; variation: VariationView }>(
		`${base}/rooms/${roomId}/remodel`,
		{ style, count: 1 },
		'Failed to generate more variations',
	)
	return body.variation
}

export async function saveFavorite(variationId: string, isFavorite: boolean) {
	const body = await postJson<{ success: true; variation: VariationView }>(
		`${base}/variations/${variationId}/favorite`,
		{ isFavorite },
		'Failed to update favorite status',
	)
	return body.variation
}

export type RoomUpload = { file: File; projectId: string; roomType: string; roomName: string; hasFurniture: boolean }

/**
 * Uploads one photo. XMLHttpRequest rather than fetch: only it reports upload progress, which
 * matters on a phone sending 5 MB over 4G.
 */
export function uploadRoomImage(upload: RoomUpload, onProgress: (fraction: number) => void) {
	const fallback = 'Failed to upload image'
	return new Promise<{ roomId: string; room: RoomView }>((resolve, reject) => {
		const body = new FormData()
		body.append('image', upload.file)
		body.append('projectId', upload.projectId)
		body.append('roomType', upload.roomType)
		body.append('roomName', upload.roomName)
		body.append('hasFurniture', String(upload.hasFurniture))

		const xhr = new XMLHttpRequest()
		xhr.open('POST', `${base}/upload-image`)
		xhr.responseType = 'json'
		xhr.upload.onprogress = (event) => {
			if (event.lengthComputable) onProgress(event.loaded / event.total)
		}
		xhr.onload = () => {
			const answer = xhr.response as { roomId?: string; room?: RoomView; message?: string } | null
			if (xhr.status >= 200 && xhr.status < 300 && answer?.roomId && answer.room) {
				onProgress(1)
				resolve({ roomId: answer.roomId, room: answer.room })
			} else reject(new StudioApiError(answer?.message || fallback, xhr.status))
		}
		xhr.onerror = () => reject(new StudioApiError(fallback, 0))
		xhr.onabort = () => reject(new StudioApiError(fallback, 0))
		xhr.send(body)
	})
}

export function errorMessage(error: unknown, fallback: string) {
	return error instanceof Error && error.message ? error.message : fallback
}

/** Runs tasks with at most `limit` in flight; settles like Promise.allSettled, in input order. */
export async function runWithConcurrency<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>) {
	const results: PromiseSettledResult<R>[] = new Array(items.length)
	let next = 0
	async function lane() {
		while (next < items.length) {
			const index = next++
			try {
				results[index] = { status: 'fulfilled', value: await task(items[index]) }
			} catch (reason) {
				results[index] = { status: 'rejected', reason }
			}
		}
	}
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
	return results
}
