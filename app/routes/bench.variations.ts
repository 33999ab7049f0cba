import { randomUUID } from 'node:crypto'
import { apiResponse, jsonText } from '#app/utils/api.server.ts'
import { NotFoundError } from '#core/errors.ts'
import { NO_ORIGINALS } from '#core/disclosure/originals-links.ts'
import { variationView } from '#core/studio/views.ts'

/**
 * The benchmark's yardstick: sixty variations in the API's own shape served from memory, with no
 * session or database work, so `npm run bench` can compare GET .../variations with the bare cost
 * of a Remix resource route. It exists only when the server runs with RENDO_BENCH=1.
 */
let json: string | undefined

function sixtyVariations() {
	return Array.from({ length: 60 }, (_, i) =>
		variationView(
			{
				id: randomUUID(),
				roomId: randomUUID(),
				style: i % 2 ? 'modern' : 'luxury',
				renderId: null,
				provider: null,
				model: null,
				costUsdMicros: null,
				variationId: null,
				imageUrl: 'variations/x/full.jpg',
				thumbnailUrl: 'variations/x/thumbnail.jpg',
				imageWidth: 4000,
				imageHeight: 3000,
				isFavorite: false,
				isPermanent: false,
				generationNumber: 1,
				variationIndex: i % 3,
				status: 'completed',
				changeSeq: i,
				errorMessage: null,
				roomCheck: 'ok',
				roomCheckNote: null,
				roomCheckRegions: [],
				roomCheckResidualPx: 0.4,
				roomCheckContents: null,
				roomCheckAnswer: null,
				roomCheckAnsweredAt: null,
				stagingNote: null,
				editScope: null,
				matchedTo: null,
				replaces: null,
				createdAt: new Date(),
			},
			{ roomName: null, roomType: 'living' },
			NO_ORIGINALS,
		),
	)
}

export function loader() {
	return apiResponse(async () => {
		if (process.env.RENDO_BENCH !== '1') throw new NotFoundError()
		json ??= JSON.stringify(sixtyVariations())
		return jsonText(json)
	})
}
