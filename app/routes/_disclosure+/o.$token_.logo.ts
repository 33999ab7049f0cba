import type { LoaderFunctionArgs } from '@remix-run/node'
import { serveStoredObject } from '#app/utils/files.server.ts'
import { originalsLogoKey } from '#core/disclosure/originals-page.ts'

/** /o/{token}/logo: the agency's logo in the originals page's header, only while the page is live. */
export async function loader({ params }: LoaderFunctionArgs) {
	const key = await originalsLogoKey(params.token ?? '')
	if (!key) return Response.json({ message: 'Image not found' }, { status: 404 })
	const response = await serveStoredObject(key)
	response.headers.set('X-Robots-Tag', 'noindex, nofollow')
	return response
}
