import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { fileResponse } from '#app/utils/download.server.ts'
import { openSharedAsset } from '#core/studio/downloads.ts'

/** A final image opened from the link in an e-mail: no account needed, the signed token decides. */
export function loader({ params }: LoaderFunctionArgs) {
	return apiResponse(async () => fileResponse(await openSharedAsset(params.token!), 'inline'))
}
