import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { renderOptions } from '#core/studio/render-options.ts'

/**
 * GET: what this server's staging provider makes beside the styles (emptying, twilight, enhance)
 * and the one line for each it does not: the CLI over HTTPS refuses with it before any upload.
 */
export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () =>
		Response.json(renderOptions(await getActor(request)), { headers: { 'Cache-Control': 'no-store' } }),
	)
}
