import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import {
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
function diskUploadHandler(fileField: string, maxBytes: number, tooLarge: string): UploadHandler {
	return async ({ name, contentType, data }) => {
		if (name !== fileField) return undefined
		const filePath = path.join(uploadDir, randomUUID())
		const out = fs.createWriteStream(filePath)
		try {
			let size = 0
			for await (const chunk of data) {
				size += chunk.byteLength
				if (size > maxBytes) throw new InputError({ [fileField]: [tooLarge] })
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
