import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { serveStoredObject } from '#app/utils/files.server.ts'
import { NotFoundError } from '#core/errors.ts'
import { brochureRoomPhotoKey } from '#core/brochures/web-view.ts'

/**
 * /brochure/{token}/rooms/{roomId}/before|after: the brochure's token is the only key, as for its
 * PDF; and /brochure/{token}/rooms/{roomId}/before|after/200|400|800|1600 its smaller copies
 * (brochure.$uniqueToken_.rooms.$roomId.$image_.$copy.ts), or the photo itself where it has none.
 */
export function loader({ params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const which = params.image
		if (which !== 'before' && which !== 'after') throw new NotFoundError()
		const { key, copyKey } = await brochureRoomPhotoKey(params.uniqueToken!, params.roomId!, which, params.copy)
		const copy = copyKey ? await serveStoredObject(copyKey) : null
		return copy?.ok ? copy : serveStoredObject(key)
	})
}
