import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { serveStoredObject } from '#app/utils/files.server.ts'
import { NotFoundError } from '#core/errors.ts'
import { brochureRoomPhotoKey } from '#core/brochures/web-view.ts'

/** /brochure/{token}/rooms/{roomId}/before|after: the brochure's token is the only key, as for its PDF. */
export function loader({ params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const which = params.image
		if (which !== 'before' && which !== 'after') throw new NotFoundError()
		return serveStoredObject(await brochureRoomPhotoKey(params.uniqueToken!, params.roomId!, which))
	})
}
