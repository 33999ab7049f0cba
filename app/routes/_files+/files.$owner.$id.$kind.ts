import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { serveStoredObject } from '#app/utils/files.server.ts'
import { NotFoundError } from '#core/errors.ts'
import { studioFileKey, type StudioFile } from '#core/studio/files.ts'

/** /files/rooms/{id}/original|thumbnail|200|800|1600 and /files/variations/{id}/full|thumbnail|200|800|1600. */
const FILES: Record<string, Record<string, Omit<StudioFile, 'id'>>> = {
	rooms: {
		original: { owner: 'room', kind: 'original' },
		thumbnail: { owner: 'room', kind: 'thumbnail' },
		200: { owner: 'room', kind: '200' },
		800: { owner: 'room', kind: '800' },
		1600: { owner: 'room', kind: '1600' },
	},
	variations: {
		full: { owner: 'variation', kind: 'full' },
		thumbnail: { owner: 'variation', kind: 'thumbnail' },
		200: { owner: 'variation', kind: '200' },
		800: { owner: 'variation', kind: '800' },
		1600: { owner: 'variation', kind: '1600' },
	},
}

export function loader({ request, params }: LoaderFunctionArgs) {
	return apiResponse(async () => {
		const file = FILES[params.owner!]?.[params.kind!]
		if (!file) throw new NotFoundError()
		const key = await studioFileKey(await getActor(request), { ...file, id: params.id! } as StudioFile)
		return serveStoredObject(key)
	})
}
