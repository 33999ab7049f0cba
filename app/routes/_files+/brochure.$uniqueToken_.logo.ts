import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { serveStoredObject } from '#app/utils/files.server.ts'
import { brochureLogoKey } from '#core/brochures/web-view.ts'

/** /brochure/{token}/logo: the agency's logo in the web brochure's header, by the brochure's token like its photos. */
export function loader({ params }: LoaderFunctionArgs) {
	return apiResponse(async () => serveStoredObject(await brochureLogoKey(params.uniqueToken!)))
}
