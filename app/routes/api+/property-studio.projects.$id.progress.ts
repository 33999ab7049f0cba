import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { InputError } from '#core/errors.ts'
import { isUuid } from '#core/ids.ts'
import { renderProgress } from '#core/studio/render-progress.ts'

/** GET [?room=<id>…]: where the project's renders stand, per room and style (`rendo submit --wait`, `rendo status`). */
export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const rooms = new URL(request.url).searchParams.getAll('room')
		if (rooms.some((id) => !isUuid(id))) throw new InputError({ room: ['Unknown room'] })
		const progress = await renderProgress(await getActor(request), params.id!, {
			roomIds: rooms.length ? rooms : undefined,
		})
		return Response.json(progress, { headers: { 'Cache-Control': 'no-store' } })
	})
}
