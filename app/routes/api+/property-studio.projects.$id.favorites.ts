import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse, revalidatedJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { galleryJson } from '#core/studio/variations.ts'

export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () =>
		revalidatedJson(request, await galleryJson(await getActor(request), params.id!, { onlyFavorites: true })),
	)
}
