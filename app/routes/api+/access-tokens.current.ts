import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { revokeOwnToken } from '#core/accounts/access-tokens.ts'

/** DELETE: revokes the access token this request came with (`rendo logout`); 401 without one. */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		if (request.method !== 'DELETE') return Response.json({ message: 'Method not allowed' }, { status: 405 })
		return Response.json(await revokeOwnToken(await getActor(request)), { headers: { 'Cache-Control': 'no-store' } })
	})
}
