import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { pipeline } from 'node:stream/promises'
// Not re-exported by the package's index, but part of its build: the request is made exactly as there.
import { createRemixRequest } from '@remix-run/express/dist/server.js'
import { createRequestHandler as createRemixHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import {
	bodyLimit,
	BodyLimiter,
	bodyThrough,
	BodyTooLargeError,
	ClientGoneError,
	discardRest,
	tooLargeResponse,
} from './body-limit.server.ts'
import { pageCompression } from './compression.server.ts'
import { BAD_TEXT, hasBadBodyText, isTextBody, isWebhook, shapeRefusal } from './request-shape.server.ts'
import { unavailableAnswer } from './unavailable.server.ts'

/** Remix's own request (URL, headers, abort when the client goes), made as for a GET so it leaves the body alone. */
const bodilessRequest = (req: ExpressRequest, res: ExpressResponse) =>
	createRemixRequest(Object.assign(Object.create(req) as ExpressRequest, { method: 'GET' }), res)

/**
 * Remix's request for an Express one, its body cut off at the door's limit (body-limit.server.ts)
 * while it streams in. A small text body (JSON, a form) is read whole first and refused when its
 * text is not UTF-8 or holds a NUL (request-shape.server.ts); the answer is then a Response.
 */
async function boundedRequest(
	req: ExpressRequest,
	res: ExpressResponse,
	limiter: BodyLimiter,
): Promise<Request | Response> {
	if (req.method === 'GET' || req.method === 'HEAD') return createRemixRequest(req, res)
	const type = req.headers['content-type']
	const body = bodyThrough(req, limiter)
	if (!isTextBody(type) || isWebhook(req.path))
		return new Request(bodilessRequest(req, res), {
			method: req.method,
			body: Readable.toWeb(body) as ReadableStream,
			duplex: 'half',
		} as RequestInit)
	const text = await buffer(body).catch((error: unknown) => {
		if (error instanceof BodyTooLargeError) return null
		throw error
	})
	if (!text) return tooLargeResponse({ close: false })
	if (hasBadBodyText(text, type)) return Response.json({ message: BAD_TEXT }, { status: 400 })
	return new Request(bodilessRequest(req, res), { method: req.method, body: text })
}

// A response body of known length up to this size is written whole, in one write.
const WHOLE_BODY_LIMIT = 256 * 1024

/**
 * @remix-run/express's handler, with two differences. Every request body is bounded: a declared
 * size over the door's limit is a 413 unread, a streamed one is cut off there (the rest is only
 * drained, for a few seconds). And response bodies respect backpressure: the stock writer does
 * not, so a streamed body (a ZIP of a whole property, a large photo) read faster than the client
 * downloads piles up in the web process's memory. Here the body is piped, so the stream is read
 * only as fast as the socket drains, and a client that goes away cancels it; small bodies of
 * known length are written whole. HTML pages are compressed on the way (compression.server.ts).
 */
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
			const refusal = shapeRefusal(req)
			if (refusal) {
				response = refusal
				discardRest(req)
			} else if (Number(req.headers['content-length'] ?? 0) > limit) response = tooLargeResponse({ close: true })
			else {
				const request = await boundedRequest(req, res, limiter)
				const context = getLoadContext(req, res)
				response = request instanceof Response ? request : await handle(request, context)
				// A dependency down (database, storage, disk) is answered as such, not as a server error.
				const unavailable = response.status >= 500 ? unavailableAnswer(context, req) : null
				if (unavailable) {
					await response.body?.cancel()
					response = unavailable
					// Refused before its body was read (the session check, with the database down): the
					// rest is read and dropped, or the closing socket resets the upload and the 503 is lost.
					req.unpipe()
					discardRest(req)
				}
				// Whatever the action made of the cut-off body, the answer is that it was too large.
				if (limiter.exceeded) {
					response = tooLargeResponse({ close: false })
					discardRest(req)
				}
			}
		} catch (error) {
			// Nobody is left to answer (a text body cut off mid-way): not a server error.
			if (error instanceof ClientGoneError) return void res.destroy()
			return next(error)
		}
		res.statusMessage = response.statusText
		res.status(response.status)
		for (const [key, value] of response.headers.entries()) res.append(key, value)
		if (/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) res.flushHeaders()
		if (!response.body) return void res.end()
		const compression = pageCompression(req, res, response.headers)
		// A small body that states its length goes out whole with the headers: one write, no chunked
		// encoding and no terminating chunk. The gallery's polls are all like that.
		const length = response.headers.get('content-length')
		if (!compression && length !== null && Number(length) <= WHOLE_BODY_LIMIT)
			return void res.end(Buffer.from(await response.arrayBuffer()))
		const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)
		// A client that disconnects ends the pipeline with an error; there is nobody left to tell.
		await pipeline([body, ...(compression ?? []), res]).catch(() => res.destroy())
	}
}
