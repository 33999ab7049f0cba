import type { LoaderFunctionArgs } from '@remix-run/node'
import { serveStoredObject } from '#app/utils/files.server.ts'
import { originalsFileKey } from '#core/disclosure/originals-page.ts'

/**
 * /o/{token}/{variationId}/altered|original: one file of a pair on a property's originals page, for
 * anyone holding the page's address, and /o/{token}/{variationId}/altered|original/200|400|800|1600
 * its smaller copies (o.$token_.$variationId.$file_.$copy.ts). Only images the live page lists open;
 * a replaced address answers 410 like its page. Kept briefly: the agent can switch the page off or
 * replace its address.
 */
export async function loader({ params }: LoaderFunctionArgs) {
	const found = await originalsFileKey(params.token ?? '', params.variationId ?? '', params.file ?? '', params.copy)
	if (found.state !== 'found')
		return found.state === 'retired'
			? Response.json({ message: 'This address has been replaced' }, { status: 410 })
			: Response.json({ message: 'Image not found' }, { status: 404 })
	const response = await serveStoredObject(found.key)
	if (response.status === 404) return response
	response.headers.set('Cache-Control', 'private, max-age=300')
	response.headers.set('X-Robots-Tag', 'noindex, nofollow')
	return response
}
