import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { regenerateBrochure } from '#core/brochures/agent-brochures.ts'

/** Rebuilds one of the agent's brochures (failed rooms rendered again, the PDF in the current brand). */
export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await regenerateBrochure(await getActor(request), params.id!), { status: 202 }),
	)
}
