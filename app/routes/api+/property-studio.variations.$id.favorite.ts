import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { FavoriteSchema } from '#core/studio/studio.schema.ts'
import { setFavorite } from '#core/studio/variations.ts'
import { parseInput } from '#core/validate.ts'

export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const { isFavorite } = parseInput(FavoriteSchema, await readJson(request))
		const variation = await setFavorite(await getActor(request), params.id!, isFavorite)
		return Response.json({ success: true, variation })
	})
}
