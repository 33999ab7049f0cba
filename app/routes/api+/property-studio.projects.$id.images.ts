import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { disclosureChoice } from '#app/utils/project-images.server.ts'
import { contentsSentence } from '#core/staging/room-check/sentences.ts'
import { downloadableImages } from '#core/studio/download-files.ts'

/**
 * GET [?disclosure=0]: what `rendo download` takes away: a completed project's final images (else
 * its finished favourites), each with the URL of its bytes. `preparing` while a just-completed
 * project's final images are still being made. Leaving the disclosure label out needs staff.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const disclosure = disclosureChoice(request)
		const { project, images, preparing } = await downloadableImages(await getActor(request), params.id!, {
			disclosure,
		})
		return Response.json(
			{
				project,
				preparing,
				images: images.map(({ id, fileName, roomName, style, roomCheck, contents }) => ({
					id,
					fileName,
					roomName,
					style,
					roomCheck,
					contents,
					contentsSentence: contentsSentence(contents),
					// The same ?disclosure=0 goes on the bytes' URL when the label is to be left out.
					url: `/api/property-studio/projects/${project.id}/images/${id}`,
				})),
			},
			{ headers: { 'Cache-Control': 'no-store' } },
		)
	})
}
