import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { parseUploads } from '#app/utils/upload.server.ts'
import { requireUser } from '#core/accounts/actor.ts'
import { MAX_IMAGE_BYTES, PHOTO_RULES } from '#core/preferences/preferences.schema.ts'
import { submitClientPreference } from '#core/preferences/submit-preference.ts'

/** Single room: multipart form fields and an optional `image` (or a propertyUrl) → the confirmation's details. */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const actor = await getActor(request)
		requireUser(actor)
		const rules = PHOTO_RULES.single
		const upload = await parseUploads(request, {
			fileField: rules.field,
			maxFiles: rules.max,
			maxBytes: MAX_IMAGE_BYTES,
			tooLarge: rules.tooLarge,
			tooMany: rules.tooMany,
		})
		try {
			return Response.json(await submitClientPreference(actor, 'single', upload.fields, upload.files), { status: 201 })
		} finally {
			await upload.cleanup()
		}
	})
}
