import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { createAccessToken } from '#core/accounts/access-tokens.ts'

/**
 * POST { name, scope, expiresIn }: a new personal access token for the signed-in session (what
 * `rendo login` asks for after POST /api/auth/login). The secret is in this answer only; a token
 * cannot make another (403).
 */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const created = await createAccessToken(await getActor(request), await readJson(request))
		return Response.json(created, { status: 201, headers: { 'Cache-Control': 'no-store' } })
	})
}
