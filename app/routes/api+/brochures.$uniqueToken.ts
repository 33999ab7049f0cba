import { Readable } from 'node:stream'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { contentDisposition } from '#app/utils/download.server.ts'
import { downloadBrochure } from '#core/brochures/download.ts'
import { NotFoundError } from '#core/errors.ts'
import { storage } from '#core/platform/storage.ts'

/**
 * The brochure PDF for anyone holding its token (buyers have no account); each fetch is counted.
 * ?e={emailEventId} marks the e-mail that carried the link as clicked.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const { key, fileName } = await downloadBrochure(params.uniqueToken!, {
			emailEventId: new URL(request.url).searchParams.get('e'),
		})
		const object = await storage().get(key)
		if (!object) throw new NotFoundError()
		return new Response(Readable.toWeb(object.body) as ReadableStream, {
			headers: {
				'Content-Type': 'application/pdf',
				'Content-Disposition': contentDisposition(fileName, 'inline'),
				'Content-Length': String(object.size),
				// Every fetch must reach us to be counted; the link is private, so no shared cache either.
				'Cache-Control': 'private, no-store',
				'X-Content-Type-Options': 'nosniff',
				'X-Robots-Tag': 'noindex',
				'Referrer-Policy': 'no-referrer',
			},
		})
	})
}
