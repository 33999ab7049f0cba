import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { fileResponse, preparingResponse } from '#app/utils/download.server.ts'
import { listingPack } from '#core/disclosure/listing-pack.ts'

/**
 * GET: the project's listing pack (each image beside its original, and the manifest), a streamed
 * ZIP; the downloads page's "Download listing pack" and `rendo download --pack`. 503 while a
 * just-completed project's final images are still being made.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		try {
			const pack = await listingPack(await getActor(request), params.id!)
			return fileResponse({ fileName: pack.fileName, body: pack.stream })
		} catch (error) {
			return preparingResponse(error)
		}
	})
}
