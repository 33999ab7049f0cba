import { createHash } from 'node:crypto'
import { InputError } from '#core/errors.ts'
import { contentDisposition } from './download.server.ts'

/** `?disclosure=0` leaves the "Virtually staged" label out (core checks the caller is staff); absent or 1 keeps it. */
export function disclosureChoice(request: Request) {
	const value = new URL(request.url).searchParams.get('disclosure')
	if (value === null || value === '1') return true
	if (value === '0') return false
	throw new InputError({ disclosure: ['disclosure is 0 or 1'] })
}

/**
 * One range of `size` bytes from a Range header (RFC 9110 §14): `bytes=N-`, `bytes=N-M` or
 * `bytes=-S`. null: no range to honour (absent, malformed or several ranges: the whole file is
 * answered, as the RFC allows); 'unsatisfiable' when it starts past the end.
 */
export function parseRange(
	header: string | null,
	size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
	if (!header) return null
	const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
	if (!match || (match[1] === '' && match[2] === '')) return null
	if (match[1] === '') {
		const suffix = Number(match[2])
		if (suffix === 0 || size === 0) return 'unsatisfiable'
		return { start: Math.max(0, size - suffix), end: size - 1 }
	}
	const start = Number(match[1])
	const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
	if (match[2] !== '' && Number(match[2]) < start) return null
	if (start >= size) return 'unsatisfiable'
	return { start, end }
}

/**
 * An image's bytes for a client that resumes: a strong ETag (the SHA-256 of the bytes), ranges
 * (206, or 416 with the size when the range starts past the end), and If-Range: a range is
 * honoured only while the ETag it names is still the image's, else the whole image is sent.
 */
export function imageResponse(request: Request, { fileName, bytes }: { fileName: string; bytes: Buffer }) {
	const etag = `"${createHash('sha256').update(bytes).digest('hex')}"`
	const headers: Record<string, string> = {
		'Content-Type': 'image/jpeg',
		'Content-Disposition': contentDisposition(fileName),
		ETag: etag,
		'Accept-Ranges': 'bytes',
		'Cache-Control': 'private, no-cache',
		'X-Content-Type-Options': 'nosniff',
	}
	const ifRange = request.headers.get('if-range')
	const range =
		ifRange !== null && ifRange.trim() !== etag ? null : parseRange(request.headers.get('range'), bytes.length)
	if (range === 'unsatisfiable')
		return new Response(null, {
			status: 416,
			headers: { ETag: etag, 'Accept-Ranges': 'bytes', 'Content-Range': `bytes */${bytes.length}` },
		})
	if (range === null)
		return new Response(new Uint8Array(bytes), {
			headers: { ...headers, 'Content-Length': String(bytes.length) },
		})
	const part = bytes.subarray(range.start, range.end + 1)
	return new Response(new Uint8Array(part), {
		status: 206,
		headers: {
			...headers,
			'Content-Range': `bytes ${range.start}-${range.end}/${bytes.length}`,
			'Content-Length': String(part.length),
		},
	})
}
