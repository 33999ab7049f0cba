import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
// Not re-exported by the package's index, but part of its build: the request is made exactly as there.
import { createRemixRequest } from '@remix-run/express/dist/server.js'
import { createRequestHandler as createRemixHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { bodyLimit, BodyLimiter, tooLargeResponse } from './body-limit.server.ts'

/**
 * Remix's request for an Express one, its body cut off at the door's limit (body-limit.server.ts)
 * while it streams in. Remix makes it as for a GET (URL, headers, abort when the client goes),
 * so that only the limiter reads the body.
 */
function limitedRequest(req: ExpressRequest, res: ExpressResponse, limiter: BodyLimiter) {
	if (req.method === 'GET' || req.method === 'HEAD') return createRemixRequest(req, res)
	const base = createRemixRequest(Object.assign(Object.create(req) as ExpressRequest, { method: 'GET' }), res)
	return new Request(base, { method: req.method, body: Readable.toWeb(req.pipe(limiter)) as ReadableStream, duplex: 'half' } as RequestInit)
}

/**
 * @remix-run/express's handler, with every request body bounded (a declared or streamed size over
 * the door's limit is a 413, and the rest is never read), and except for how a body is written: its writer ignores
 * backpressure, so a streamed body (a ZIP of a whole property, a large photo) read faster than
 * the client downloads piles up in the web process's memory. Here the body is piped, so the
 * stream is read only as fast as the socket drains, and a client that goes away cancels it;
 * small bodies of known length are written whole.
 */
const WHOLE_BODY_LIMIT = 256 * 1024

export function createRequestHandler({
	build,
	mode,
	getLoadContext,
}: {
	build: ServerBuild | (() => Promise<ServerBuild>)
	mode: string
	getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
}) {
	const handle = createRemixHandler(build, mode)
	return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		const limit = bodyLimit(req.path, req.headers['content-type'])
		const limiter = new BodyLimiter(limit)
		let response: Response
		try {
			if (Number(req.headers['content-length'] ?? 0) > limit) response = tooLargeResponse()
			else {
				response = await handle(limitedRequest(req, res, limiter), getLoadContext(req, res))
				// Whatever the action made of the cut-off body, the answer is that it was too large.
				if (limiter.exceeded) response = tooLargeResponse()
			}
		} catch (error) {
			return next(error)
		}
		res.statusMessage = response.statusText
		res.status(response.status)
		for (const [key, value] of response.headers.entries()) res.append(key, value)
		if (/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) res.flushHeaders()
		if (!response.body) return void res.end()
		// A small body that states its length goes out whole with the headers: one write, no chunked
		// encoding and no terminating chunk. The gallery's polls are all like that.
		const length = response.headers.get('content-length')
		if (length !== null && Number(length) <= WHOLE_BODY_LIMIT) return void res.end(Buffer.from(await response.arrayBuffer()))
		// A client that disconnects ends the pipeline with an error; there is nobody left to tell.
		await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res).catch(() => res.destroy())
	}
}
