import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { fileResponse } from '#app/utils/download.server.ts'
import { openAsset } from '#core/studio/downloads.ts'

/** One final image, as an attachment under its meaningful name (each asset's downloadUrl). */
export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => fileResponse(await openAsset(await getActor(request), params.assetId!)))
}
