import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { serveStoredObject } from '#app/utils/files.server.ts'
import { transformationFileKey } from '#core/transformations/transformations.ts'

/** /files/transformations/{id}/before|after|{area}: the owner's or, for admins, anyone's. */
export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () =>
		serveStoredObject(await transformationFileKey(await getActor(request), params.id!, params.kind!)),
	)
}
