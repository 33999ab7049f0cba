import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { serveStoredObject } from '#app/utils/files.server.ts'
import { NotFoundError } from '#core/errors.ts'
import { studioFileKey, type StudioFile } from '#core/studio/files.ts'

/** /files/rooms/{id}/original|thumbnail and /files/variations/{id}/full|thumbnail. */
const FILES: Record<string, Record<string, Omit<StudioFile, 'id'>>> = {
	rooms: { original: { owner: 'room', kind: 'original' }, thumbnail: { owner: 'room', kind: 'thumbnail' } },
	variations: { full: { owner: 'variation', kind: 'full' }, thumbnail: { owner: 'variation', kind: 'thumbnail' } },
}

export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const file = FILES[params.owner!]?.[params.kind!]
		if (!file) throw new NotFoundError()
		const key = await studioFileKey(await getActor(request), { ...file, id: params.id! } as StudioFile)
		return serveStoredObject(key)
	})
}
