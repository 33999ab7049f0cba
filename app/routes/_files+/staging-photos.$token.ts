import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { fileResponse } from '#app/utils/download.server.ts'
import { openStagingPhoto } from '#core/staging/photo-link.ts'

/** A staging vendor fetching the photo it was asked to stage: the signed token is the permission. */
export function loader({ params }: LoaderFunctionArgs) {
	return apiResponse(async () => fileResponse(await openStagingPhoto(params.token!), 'inline'))
}
