import type { IncomingMessage } from 'node:http'
import { Transform, type TransformCallback } from 'node:stream'
import { LOGO_MAX_BYTES } from '#core/accounts/logo.schema.ts'
import { MAX_TRIAL_IMAGE_BYTES } from '#core/leads/trial.schema.ts'
import { MAX_IMAGE_BYTES, PHOTO_RULES } from '#core/preferences/preferences.schema.ts'
import { MAX_PHOTOS_PER_UPLOAD, MAX_UPLOAD_BYTES } from '#core/studio/studio.schema.ts'
import { TRANSFORM_MAX_BYTES } from '#core/transformations/transformation.schema.ts'

const KB = 1024
const MB = 1024 * KB
/** Room for a multipart body's boundaries, part headers and plain fields beside its files. */
const FORM_OVERHEAD = 256 * KB

/** Multipart doors and the files they take: the body may be those files and a little more. */
const UPLOAD_DOORS: Record<string, number> = {
	'/api/property-studio/upload-image': MAX_UPLOAD_BYTES,
	'/api/transformations': TRANSFORM_MAX_BYTES,
	'/transform': TRANSFORM_MAX_BYTES,
	'/api/try-it-free': MAX_TRIAL_IMAGE_BYTES,
	'/': MAX_TRIAL_IMAGE_BYTES,
	'/api/user/upload-logo': LOGO_MAX_BYTES,
	'/api/onboard-agent': LOGO_MAX_BYTES,
	'/agent-onboarding': LOGO_MAX_BYTES,
	'/api/client-preferences': PHOTO_RULES.single.max * MAX_IMAGE_BYTES,
	'/api/client-preferences-multi-room': Math.max(PHOTO_RULES.multi.max, PHOTO_RULES.demo.max) * MAX_IMAGE_BYTES,
	'/client-preferences': Math.max(PHOTO_RULES.single.max, PHOTO_RULES.multi.max) * MAX_IMAGE_BYTES,
	'/multi-room-demo': PHOTO_RULES.demo.max * MAX_IMAGE_BYTES,
}

// The project page takes photos in its own action: a plain form sends several at once.
const PROJECT_PAGE = /^\/property-studio\/[^/]+$/
const uploadPageLimit = (path: string) => (PROJECT_PAGE.test(path) ? MAX_PHOTOS_PER_UPLOAD * MAX_UPLOAD_BYTES : 0)

/**
 * The largest request body each door takes, decided before any of it is read. Webhooks get
 * their senders' sizes, uploads their files' limits, and every other body (JSON, forms) is small:
 * sign-in and sign-up bodies are a few fields, the largest JSON we take (a ticket, a brochure's
 * details) is well under the 256 kB.
 */
export function bodyLimit(pathname: string, contentType: string | undefined): number {
	// A page's action is posted to its own path, or to `<path>.data` by Remix's single fetch when JavaScript runs.
	const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').replace(/\.data$/, '') : pathname
	if (path.startsWith('/api/staging/webhook/')) return 64 * KB
	// Stripe documents no maximum; its events are a few kB, and a megabyte leaves room for large objects.
	if (path === '/api/stripe/webhook') return 1 * MB
	if (path.startsWith('/telegram/webhook/')) return 1 * MB
	if (contentType?.toLowerCase().startsWith('multipart/form-data'))
		return (UPLOAD_DOORS[path] ?? uploadPageLimit(path)) + FORM_OVERHEAD
	if (/^\/(login|register|agent-register|api\/auth\/)/.test(path)) return 16 * KB
	return 256 * KB
}

export class BodyTooLargeError extends Error {
	name = 'BodyTooLargeError'
	constructor(public limit: number) {
		super(`Request body is larger than ${limit} bytes`)
	}
}

/** Passes a body through, counting it; past `limit` bytes it stops with BodyTooLargeError. */
export class BodyLimiter extends Transform {
	private seen = 0
	exceeded = false
	constructor(private limit: number) {
		super()
	}
	_transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
		this.seen += chunk.byteLength
		if (this.seen <= this.limit) return done(null, chunk)
		this.exceeded = true
		done(new BodyTooLargeError(this.limit))
	}
}

/** The client went away (the connection dropped) before the body it declared had all come. */
export class ClientGoneError extends Error {
	name = 'ClientGoneError'
	constructor() {
		super('The client went away before the request body ended')
	}
}

/**
 * The request's body through the limiter. `req.pipe()` passes on the data and the end but never an
 * abort: a client gone mid-body (a phone losing its signal, or a hostile client repeating 10 MB
 * aborts) left the limiter waiting for bytes that never come, and with it the multipart parser, the
 * action and the temp file being written, until the process exited. Here the limiter fails with
 * ClientGoneError instead, so whatever reads the body stops at once and removes what it wrote.
 */
export function bodyThrough(req: IncomingMessage, limiter: BodyLimiter) {
	const gone = () => {
		if (!req.complete) limiter.destroy(new ClientGoneError())
	}
	if (req.destroyed) gone()
	else req.once('close', gone)
	return req.pipe(limiter)
}

/** The 413; `close` for a body declared too large, which is then never read at all. */
export const tooLargeResponse = ({ close }: { close: boolean }) =>
	Response.json(
		{ message: 'Request body is too large' },
		{ status: 413, headers: close ? { Connection: 'close' } : {} },
	)

// How long a client that is already sending may go on while it reads our 413.
const DISCARD_FOR_MS = 3_000

/**
 * After a streamed body was cut off: the rest is read and dropped (nothing is kept, so it costs no
 * memory), so the client gets to read the 413 (closing a socket with unread data resets it, and
 * the answer can be lost with it); a client still sending after a few seconds is disconnected.
 */
export function discardRest(req: IncomingMessage) {
	if (req.readableEnded) return
	const timer = setTimeout(() => req.socket.destroy(), DISCARD_FOR_MS)
	// A body that ends in time leaves the connection as it was (keep-alive goes on).
	const done = () => clearTimeout(timer)
	req.once('end', done)
	req.once('close', done)
	req.resume()
}
