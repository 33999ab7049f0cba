import fs from 'node:fs'
import path from 'node:path'
import {
	MaxPartSizeExceededError,
	NodeOnDiskFile,
	unstable_composeUploadHandlers as composeUploadHandlers,
	unstable_createMemoryUploadHandler as createMemoryUploadHandler,
	unstable_parseMultipartFormData as parseMultipartFormData,
	type UploadHandler,
} from '@remix-run/node'
import { InputError } from '#core/errors.ts'
import { isProcessAlive } from '#core/platform/process-alive.ts'
import { unavailableDependency } from '#core/platform/unavailable.ts'
import { uploadsRoot, writeTempFile } from '#core/platform/upload-temp.ts'
import { BodyTooLargeError } from './body-limit.server.ts'
import { BAD_TEXT } from './request-shape.server.ts'

/** Plain fields a form may send beside its files, and the size of each: our largest form has ~20. */
const MAX_FIELDS = 100
const MAX_FIELD_BYTES = 64 * 1024
export const TOO_MANY_FIELDS = 'The form has too many fields'
export const FIELD_TOO_LONG = 'A form field is too long'
export const UNREADABLE_FORM = 'The form could not be read'
export const ONE_FILE_ONLY = 'Send one file only'

/**
 * Removes the temp files of processes that are gone (a web killed mid-upload, a worker mid-way
 * through a Telegram photo's download, a crash): run when the web starts. A folder under our own
 * pid is a dead process's too, since we have written nothing yet.
 */
export async function sweepAbandonedUploads() {
	const root = uploadsRoot()
	const folders = await fs.promises.readdir(root).catch(() => [] as string[])
	const dead = folders.filter(
		(name) => Number(name) === process.pid || !/^\d+$/.test(name) || !isProcessAlive(Number(name)),
	)
	await Promise.all(dead.map((name) => fs.promises.rm(path.join(root, name), { recursive: true, force: true })))
	return dead.length
}

export interface UploadedFile {
	path: string
	name: string
}

export interface ParsedUploads {
	fields: Record<string, string>
	files: UploadedFile[]
	/** Removes every file written; call it whatever happened. */
	cleanup(): Promise<void>
}

export interface ParsedUpload {
	fields: Record<string, string>
	/** The file on local disk; `cleanup()` removes it whatever happened. */
	file: (UploadedFile & { cleanup(): Promise<void> }) | null
}

/** Plain fields in memory, each at most MAX_FIELD_BYTES, and no more than MAX_FIELDS of them. */
function fieldHandler(): UploadHandler {
	const inMemory = createMemoryUploadHandler({ maxPartSize: MAX_FIELD_BYTES })
	let count = 0
	return async (part) => {
		if (++count > MAX_FIELDS) throw new InputError({}, TOO_MANY_FIELDS)
		const value = await inMemory(part)
		// Decoded leniently: bytes that were not UTF-8 are U+FFFD here, and NUL is refused as in any body.
		// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses.
		if (typeof value === 'string' && /[\u0000\uFFFD]/.test(value)) throw new InputError({}, BAD_TEXT)
		return value
	}
}

/**
 * Streams a multipart body: each part of the file field to a temp file cut off at maxBytes (never
 * held in memory), at most maxFiles of them, plain fields small and few. Whatever goes wrong (a
 * refusal, a broken or abandoned body) removes every file already written, and a file part over
 * the count is refused before a byte of it is written. Empty file inputs are skipped.
 */
export async function parseUploads(
	request: Request,
	opts: {
		fileField: string
		maxFiles: number
		maxBytes: number
		tooLarge: (fileName: string) => string
		tooMany: string
	},
): Promise<ParsedUploads> {
	if (!request.headers.get('content-type')?.startsWith('multipart/form-data'))
		throw new InputError({}, 'Send the images as multipart/form-data')
	const written: UploadedFile[] = []
	const cleanup = async () => {
		await Promise.all(written.map((file) => fs.promises.rm(file.path, { force: true })))
	}
	const files: UploadHandler = async (part) => {
		if (part.name !== opts.fileField) return undefined
		if (!part.filename) {
			for await (const _chunk of part.data); // an empty file input: read past it
			return ''
		}
		if (written.length >= opts.maxFiles) throw new InputError({ [opts.fileField]: [opts.tooMany] }, opts.tooMany)
		const tooLarge = opts.tooLarge(part.filename)
		const filePath = await writeTempFile(part.data, {
			maxBytes: opts.maxBytes,
			tooLarge: () => new InputError({ [opts.fileField]: [tooLarge] }),
		})
		written.push({ path: filePath, name: part.filename })
		return new NodeOnDiskFile(filePath, part.contentType) as unknown as File
	}
	const fields: Record<string, string> = {}
	try {
		const form = await parseMultipartFormData(request, composeUploadHandlers(files, fieldHandler()))
		for (const [name, value] of form.entries())
			if (typeof value === 'string' && name !== opts.fileField) fields[name] = value
	} catch (error) {
		await cleanup()
		// A full disk is not the sender's fault: the web answers it 507 (unavailable.server.ts).
		if (error instanceof InputError || error instanceof BodyTooLargeError || unavailableDependency(error)) throw error
		if (error instanceof MaxPartSizeExceededError) throw new InputError({}, FIELD_TOO_LONG)
		// A body that is not the multipart it claims (a header of megabytes, a missing boundary, a cut-off part).
		throw new InputError({}, UNREADABLE_FORM)
	}
	return { fields, files: written, cleanup }
}

/** parseUploads for a door that takes one file: a second file part is refused. */
export async function parseUpload(
	request: Request,
	{ fileField, maxBytes, tooLarge }: { fileField: string; maxBytes: number; tooLarge: string },
): Promise<ParsedUpload> {
	const upload = await parseUploads(request, {
		fileField,
		maxFiles: 1,
		maxBytes,
		tooLarge: () => tooLarge,
		tooMany: ONE_FILE_ONLY,
	})
	const [file] = upload.files
	return { fields: upload.fields, file: file ? { ...file, cleanup: upload.cleanup } : null }
}
