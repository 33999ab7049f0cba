import { action as multiRoomAction } from '#app/routes/api+/client-preferences-multi-room.ts'
import { call, multipartRequest } from '#tests/brochures.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'

/**
 * A multi-room client preference with two room photos (lounge.jpg, kitchen.jpg), posted to the JSON
 * API as an agent's form sends it: the brochure's usual starting point in tests.
 */
export async function postTwoRoomPreference(
	cookie: string,
	fields: Record<string, string>,
	photo = { width: 400, height: 300 },
) {
	const files = await Promise.all(
		['lounge.jpg', 'kitchen.jpg'].map(async (name, seed) => ({
			field: 'property-images',
			name,
			bytes: await makeRoomPhoto({ ...photo, seed }),
		})),
	)
	return call(multiRoomAction, multipartRequest('/api/client-preferences-multi-room', cookie, fields, files))
}
