import fs from 'node:fs'
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable, type EntryContext, type HandleErrorFunction } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { StylesheetProvider } from '#app/utils/inline-stylesheet.tsx'
import { NonceProvider } from '#app/utils/nonce-provider.ts'
import { noteUnavailable } from '#app/utils/unavailable.server.ts'
import { createNonce, setDocumentSecurityHeaders } from '#app/utils/security-headers.server.ts'
import { logger, redactSecrets } from '#core/platform/logger.ts'
import stylesheet from './tailwind.css?url'

const ABORT_DELAY = 5_000

// The built stylesheet, beside this server bundle in the browser build, inlined into every page
// (see inline-stylesheet.tsx). Vite's dev server serves it instead.
const stylesheetText = import.meta.env.PROD
	? fs.readFileSync(new URL(`../client${stylesheet}`, import.meta.url), 'utf8')
	: undefined

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
) {
	// Bots and no-JS clients get the whole document at once; browsers get it streamed.
	const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'
	// Every inline script of this document carries the nonce its CSP names (none in development).
	const nonce = createNonce()
	return new Promise((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<StylesheetProvider value={stylesheetText}>
					<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
				</StylesheetProvider>
			</NonceProvider>,
			{
				nonce,
				[readyEvent]() {
					shellRendered = true
					const body = new PassThrough()
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					setDocumentSecurityHeaders(responseHeaders, nonce)
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) logger.error({ err: error }, 'render failed')
				},
			},
		)
		setTimeout(abort, ABORT_DELAY)
	})
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
	if (request.signal.aborted) return
	// The database, storage or disk failing is not a bug: one line, and the request handler answers 503/507.
	const dependency = noteUnavailable(context, error)
	if (dependency)
		return void logger.warn({ dependency, reason: rootCause(error), url: redactSecrets(request.url) }, 'unavailable')
	logger.error({ err: error, url: redactSecrets(request.url) }, 'unhandled error')
}

/** The innermost cause's words ("connect ECONNREFUSED …"): a wrapping query error's message holds the query and its parameters. */
function rootCause(error: unknown) {
	let e = error
	while (e instanceof Error && e.cause instanceof Error) e = e.cause
	return e instanceof Error ? e.message : String(e)
}
