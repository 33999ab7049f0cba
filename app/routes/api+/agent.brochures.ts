import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { listAgentBrochures } from '#core/brochures/agent-brochures.ts'

/** The signed-in agent's brochures, newest first. */
export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await listAgentBrochures(await getActor(request)), { headers: { 'Cache-Control': 'no-store' } }),
	)
}
