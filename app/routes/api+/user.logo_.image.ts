import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { serveStoredObject } from '#app/utils/files.server.ts'
import { logoKey } from '#core/accounts/logo.ts'

/** The signed-in user's own logo (a PNG): the logoUrl of GET /api/user/logo. */
export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () => serveStoredObject(await logoKey(await getActor(request))))
}
