import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { parseUpload } from '#app/utils/upload.server.ts'
import { FILE_TOO_LARGE, TRANSFORM_MAX_BYTES } from '#core/transformations/transformation.schema.ts'
import { createTransformation, listOwnTransformations, requireSignedIn } from '#core/transformations/transformations.ts'

export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await listOwnTransformations(await getActor(request)), { headers: { 'Cache-Control': 'no-store' } }),
	)
}

/** POST multipart: image or propertyUrl, style, areas (JSON text), emailResults, email (spec 02 §7). */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const actor = await getActor(request)
		requireSignedIn(actor)
		const { fields, file } = await parseUpload(request, {
			fileField: 'image',
			maxBytes: TRANSFORM_MAX_BYTES,
			tooLarge: FILE_TOO_LARGE,
		})
		try {
			return Response.json(await createTransformation(actor, fields, file), { status: 201 })
		} finally {
			await file?.cleanup()
		}
	})
}
