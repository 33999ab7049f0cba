import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { fileResponse, preparingResponse } from '#app/utils/download.server.ts'
import { bulkDownload } from '#core/studio/downloads.ts'

/** ?projectId={id}&token={JSON list of asset ids}: a ZIP of those final images, streamed. */
export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const url = new URL(request.url)
		try {
			const zip = await bulkDownload(
				await getActor(request),
				url.searchParams.get('projectId'),
				url.searchParams.get('token'),
			)
			return fileResponse({ fileName: zip.fileName, body: zip.stream })
		} catch (error) {
			return preparingResponse(error)
		}
	})
}
