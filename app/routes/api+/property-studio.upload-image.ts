import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { parseUpload } from '#app/utils/upload.server.ts'
import { requireUser } from '#core/accounts/actor.ts'
import { InputError } from '#core/errors.ts'
import { uploadRoomOnce } from '#core/studio/rooms.ts'
import { IMAGE_TOO_LARGE, MAX_UPLOAD_BYTES } from '#core/studio/studio.schema.ts'

export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		// Check the session before reading a 10 MB body for nobody.
		const actor = await getActor(request)
		requireUser(actor)
		const { fields, file } = await parseUpload(request, {
			fileField: 'image',
			maxBytes: MAX_UPLOAD_BYTES,
			tooLarge: IMAGE_TOO_LARGE,
		})
		try {
			if (!file) throw new InputError({ image: ['Please select an image to upload'] })
			// With an uploadKey a retry answers the room the first attempt made (200, existing: true).
			const { room, existing } = await uploadRoomOnce(actor, fields, file)
			return Response.json({ success: true, roomId: room.id, room, existing }, { status: existing ? 200 : 201 })
		} finally {
			await file?.cleanup()
		}
	})
}
