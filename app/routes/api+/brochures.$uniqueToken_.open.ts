import type { LoaderFunctionArgs } from '@remix-run/node'
import { recordBrochureEmailOpen } from '#core/brochures/download.ts'

// A transparent 1×1 GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

/** The brochure e-mail's tracking pixel (?e={emailEventId}): records the first open, always answers the pixel. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	await recordBrochureEmailOpen(params.uniqueToken!, new URL(request.url).searchParams.get('e'))
	return new Response(PIXEL, {
		headers: { 'Content-Type': 'image/gif', 'Content-Length': String(PIXEL.length), 'Cache-Control': 'no-store' },
	})
}
