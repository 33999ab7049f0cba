import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { getLogo } from '#core/accounts/logo.ts'

/** { hasLogo, logoUrl, logoUploadedAt } */
export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await getLogo(await getActor(request)), { headers: { 'Cache-Control': 'no-store' } }),
	)
}
