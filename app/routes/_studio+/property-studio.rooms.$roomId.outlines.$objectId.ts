import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { objectOutline } from '#core/edits/object-outline.ts'

/**
 * The edit panel's refined outline of one object, fetched on its first click: `{ outline }`, rings
 * of points in fractions of the photo (core/edits/outline.ts). Kept by the browser a few minutes:
 * it is the photo's, and a second click, or the panel opened again, asks nothing of GrabCut.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const outline = await objectOutline(await getActor(request), params.roomId!, params.objectId!)
		return Response.json({ outline }, { headers: { 'Cache-Control': 'private, max-age=300' } })
	})
}
