import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
	MaxPartSizeExceededError,
	unstable_composeUploadHandlers as composeUploadHandlers,
	unstable_createFileUploadHandler as createFileUploadHandler,
	unstable_createMemoryUploadHandler as createMemoryUploadHandler,
	unstable_parseMultipartFormData as parseMultipartFormData,
	type NodeOnDiskFile,
} from '@remix-run/node'
import { InputError } from '#core/errors.ts'

const uploadDir = path.join(os.tmpdir(), 'rendo-uploads')

export interface ParsedUpload {
	fields: Record<string, string>
	/** The file on local disk; `cleanup()` removes it whatever happened. */
	file: { path: string; name: string; cleanup(): Promise<void> } | null
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
	let form: FormData
	try {
		form = await parseMultipartFormData(
			request,
			composeUploadHandlers(
				createFileUploadHandler({
					directory: uploadDir,
					maxPartSize: maxBytes,
					avoidFileConflicts: true,
					filter: ({ name }) => name === fileField,
				}),
				createMemoryUploadHandler({ maxPartSize: 64 * 1024 }),
			),
		)
	} catch (error) {
		if (error instanceof MaxPartSizeExceededError) throw new InputError({ [fileField]: [tooLarge] })
		throw error
	}
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
