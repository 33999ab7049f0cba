import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { disclosureChoice, imageResponse } from '#app/utils/project-images.server.ts'
import { NotFoundError } from '#core/errors.ts'
import { downloadableImages } from '#core/studio/download-files.ts'
import { AssetsPreparingError } from '#core/studio/downloads.ts'
import { preparingResponse } from '#app/utils/download.server.ts'

/**
 * GET [?disclosure=0]: one image's bytes, resumable (`rendo download`): a strong ETag, ranges,
 * If-Range. 503 while a completed project's final images are still being made, 410 when storage
 * has lost the bytes.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const { images, preparing } = await downloadableImages(await getActor(request), params.id!, {
			disclosure: disclosureChoice(request),
		})
		if (preparing) return preparingResponse(new AssetsPreparingError())
		const image = images.find((i) => i.id === params.imageId)
		if (!image) throw new NotFoundError('Image not found')
		const bytes = await image.read()
		if (!bytes) return Response.json({ message: 'This image is missing from storage' }, { status: 410 })
		return imageResponse(request, { fileName: image.fileName, bytes })
	})
}
