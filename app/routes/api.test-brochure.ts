import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { createTestBrochure } from '#core/brochures/test-brochure.ts'

/** → { success, message, brochure: { fileName, uniqueToken, downloadUrl } } */
export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await createTestBrochure(await getActor(request)), { headers: { 'Cache-Control': 'no-store' } }),
	)
}
