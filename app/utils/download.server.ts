import { Readable } from 'node:stream'
import { AssetsPreparingError } from '#core/studio/downloads.ts'

/** Content-Disposition with a plain ASCII name and the exact one for browsers that read filename*. */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment') {
	const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
	return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** A stored file sent to the browser under its download name. */
export function fileResponse(
	file: { fileName: string; body: Readable; size?: number },
	disposition: 'attachment' | 'inline' = 'attachment',
) {
	const type = file.fileName.endsWith('.zip') ? 'application/zip' : 'image/jpeg'
	return new Response(Readable.toWeb(file.body) as ReadableStream, {
		headers: {
			'Content-Type': type,
			'Content-Disposition': contentDisposition(file.fileName, disposition),
			...(file.size !== undefined && { 'Content-Length': String(file.size) }),
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}

/** Final images still being made: come back in a moment (the clean-up job usually takes seconds). */
export function preparingResponse(error: unknown) {
	if (!(error instanceof AssetsPreparingError)) throw error
	return Response.json({ message: error.message, preparing: true }, { status: 503, headers: { 'Retry-After': '2' } })
}
