import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import {
	MaxPartSizeExceededError,
	NodeOnDiskFile,
	unstable_composeUploadHandlers as composeUploadHandlers,
	unstable_createMemoryUploadHandler as createMemoryUploadHandler,
	unstable_parseMultipartFormData as parseMultipartFormData,
	type UploadHandler,
} from '@remix-run/node'
import { InputError } from '#core/errors.ts'

const uploadDir = path.join(os.tmpdir(), 'rendo-uploads')

export interface ParsedUpload {
	fields: Record<string, string>
	/** The file on local disk; `cleanup()` removes it whatever happened. */
	file: { path: string; name: string; cleanup(): Promise<void> } | null
}

/**
 * Writes one file part to disk, waiting for the disk when it is slower than the network (Remix's
 * own file handler does not, so a fast client fills memory), and stops at maxBytes.
 */
function diskUploadHandler(fileField: string, maxBytes: number, tooLarge: string | ((fileName: string) => string)): UploadHandler {
	return async ({ name, filename, contentType, data }) => {
		if (name !== fileField) return undefined
		const filePath = path.join(uploadDir, randomUUID())
		const out = fs.createWriteStream(filePath)
		try {
			let size = 0
			for await (const chunk of data) {
				size += chunk.byteLength
				if (size > maxBytes)
					throw new InputError({ [fileField]: [typeof tooLarge === 'string' ? tooLarge : tooLarge(filename ?? '')] })
				if (!out.write(chunk)) await once(out, 'drain')
			}
			out.end()
			await finished(out)
		} catch (error) {
			out.destroy()
			await fs.promises.rm(filePath, { force: true })
			throw error
		}
		return new NodeOnDiskFile(filePath, contentType) as unknown as File
	}
}

/**
 * Streams a multipart body: the named file part goes to a temp file and is cut off at maxBytes
 * (never held in memory), text fields stay small. Oversized files are bad input with the given message.
 */
export async function parseUpload(
	request: Request,
	{ fileField, maxBytes, tooLarge }: { fileField: string; maxBytes: number; tooLarge: string },
): Promise<ParsedUpload> {
	if (!request.headers.get('content-type')?.startsWith('multipart/form-data'))
		throw new InputError({}, 'Send the image as multipart/form-data')
	fs.mkdirSync(uploadDir, { recursive: true })
	const form = await parseMultipartFormData(
		request,
		composeUploadHandlers(diskUploadHandler(fileField, maxBytes, tooLarge), createMemoryUploadHandler({ maxPartSize: 64 * 1024 })),
	)
	const fields: Record<string, string> = {}
	let file: ParsedUpload['file'] = null
	for (const [name, value] of form.entries()) {
		if (typeof value === 'string') fields[name] = value
		else if (name === fileField && 'getFilePath' in value) {
			const onDisk = value as unknown as NodeOnDiskFile
			file = { path: onDisk.getFilePath(), name: onDisk.name, cleanup: () => onDisk.remove().catch(() => {}) }
		}
	}
	return { fields, file }
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

/**
 * parseUpload for a file field that repeats (one part per photo): each part streamed to disk and
 * cut off at maxBytes, and no more than maxFiles parts. A rejection removes the files already
 * written, so a refused request leaves nothing behind. Empty file inputs are skipped.
 */
export async function parseUploads(
	request: Request,
	opts: { fileField: string; maxFiles: number; maxBytes: number; tooLarge: (fileName: string) => string; tooMany: string },
): Promise<ParsedUploads> {
	if (!request.headers.get('content-type')?.startsWith('multipart/form-data'))
		throw new InputError({}, 'Send the images as multipart/form-data')
	fs.mkdirSync(uploadDir, { recursive: true })
	const toDisk = diskUploadHandler(opts.fileField, opts.maxBytes, opts.tooLarge)
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
		if (written.length >= opts.maxFiles) throw new InputError({ [opts.fileField]: [opts.tooMany] })
		const file = (await toDisk(part)) as unknown as NodeOnDiskFile
		written.push({ path: file.getFilePath(), name: part.filename })
		return file as unknown as File
	}
	const fields: Record<string, string> = {}
	try {
		const form = await parseMultipartFormData(request, composeUploadHandlers(files, createMemoryUploadHandler({ maxPartSize: 64 * 1024 })))
		for (const [name, value] of form.entries()) if (typeof value === 'string' && name !== opts.fileField) fields[name] = value
	} catch (error) {
		await cleanup()
		if (error instanceof MaxPartSizeExceededError) throw new InputError({}, 'A form field is too long')
		throw error
	}
	return { fields, files: written, cleanup }
}
