import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { projectVariationsJson } from '#core/studio/variations.ts'

export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const json = await projectVariationsJson(await getActor(request), params.id!, { onlyFavorites: true })
		return new Response(json, { headers: { 'Content-Type': 'application/json; charset=utf-8' } })
	})
}
