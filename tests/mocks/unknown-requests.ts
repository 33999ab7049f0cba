import type { UnhandledRequestCallback } from 'msw'

/**
 * msw's answer to a request no handler takes: an error, but for the openai SDK's probe of its fetch.
 * Before its first upload it fetches `data:,` to learn the fetch's Response class
 * (node_modules/openai/internal/uploads.js, supportsFormData): no request to a vendor, which msw
 * reported as an unhandled "GET null".
 */
export const unknownRequestsFail: UnhandledRequestCallback = (request, print) => {
	if (request.url.startsWith('http')) print.error()
}
