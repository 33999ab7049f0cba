import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { capacityAutomation } from '#core/ops/capacity.ts'

export function loader({ request }: LoaderFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await capacityAutomation(await getActor(request)), { headers: { 'Cache-Control': 'no-store' } }),
	)
}
