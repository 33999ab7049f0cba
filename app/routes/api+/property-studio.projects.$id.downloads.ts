import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { preparingResponse } from '#app/utils/download.server.ts'
import { listDownloadAssets } from '#core/studio/downloads.ts'

/** The project's final images (spec 02 §3 download assets); 503 while they are being made. */
export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		try {
			const assets = await listDownloadAssets(await getActor(request), params.id!)
			return Response.json(assets, { headers: { 'Cache-Control': 'no-store' } })
		} catch (error) {
			return preparingResponse(error)
		}
	})
}
