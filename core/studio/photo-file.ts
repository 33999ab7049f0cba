import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { InputError } from '#core/errors.ts'
import { inspectImage, TOO_MANY_PIXELS } from './original-image.ts'
import { MAX_UPLOAD_BYTES } from './studio.schema.ts'

/**
 * Why a photo cannot become a room, in the words a command line prints after the photo's name
 * ("photo kitchen.heic: not a JPEG, PNG or WebP image").
 */
export const PHOTO_PROBLEMS = {
	missing: 'no such file',
	notAFile: 'not a file',
	notAnImage: 'not a JPEG, PNG or WebP image',
	tooLarge: 'larger than 10 MB',
	tooManyPixels: 'more than 40 megapixels',
} as const

const DOWNLOAD_TIMEOUT_MS = 30_000

/**
 * The web's upload checks (size, type by header, pixels) for a photo already on disk, before
 * anything is stored: null when it may be uploaded, else the reason.
 */
export async function photoFileProblem(file: string): Promise<string | null> {
	let stat: fs.Stats
	try {
		stat = await fs.promises.stat(file)
	} catch {
		return PHOTO_PROBLEMS.missing
	}
	if (!stat.isFile()) return PHOTO_PROBLEMS.notAFile
	if (stat.size > MAX_UPLOAD_BYTES) return PHOTO_PROBLEMS.tooLarge
	try {
		await inspectImage(file)
	} catch (error) {
		if (!(error instanceof InputError)) throw error
		return error.message === TOO_MANY_PIXELS ? PHOTO_PROBLEMS.tooManyPixels : PHOTO_PROBLEMS.notAnImage
	}
	return null
}

/**
 * Fetches an http(s) photo into `dir` with the upload cap (cut off at 10 MB, never held in
 * memory) and a time limit, then checks it like a file. The command line runs this for its
 * operator's own CSV; it is not a door for strangers' URLs.
 */
export async function downloadPhoto(url: string, dir: string): Promise<{ path: string } | { problem: string }> {
	const file = path.join(dir, randomUUID())
	try {
		const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' })
		if (!response.ok || !response.body) return { problem: `download failed: HTTP ${response.status}` }
		if (Number(response.headers.get('content-length')) > MAX_UPLOAD_BYTES) return { problem: PHOTO_PROBLEMS.tooLarge }
		let size = 0
		const capped = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).map((chunk: Buffer) => {
			size += chunk.byteLength
			if (size > MAX_UPLOAD_BYTES) throw new InputError({}, PHOTO_PROBLEMS.tooLarge)
			return chunk
		})
		await pipeline(capped, fs.createWriteStream(file))
	} catch (error) {
		await fs.promises.rm(file, { force: true })
		if (error instanceof InputError) return { problem: error.message }
		return {
			problem: `download failed: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : error}`,
		}
	}
	const problem = await photoFileProblem(file)
	if (!problem) return { path: file }
	await fs.promises.rm(file, { force: true })
	return { problem }
}
