import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { parseUploads } from '#app/utils/upload.server.ts'
import { requireUser } from '#core/accounts/actor.ts'
import { DEMO_SOURCE, MAX_IMAGE_BYTES, PHOTO_RULES } from '#core/preferences/preferences.schema.ts'
import { submitClientPreference } from '#core/preferences/submit-preference.ts'

/**
 * Multi-room: multipart form fields, one `property-images` part per photo and `roomTypes[i]` →
 * { success, message, details }. The multi-room demo posts here with ?form=multi-room-demo: its
 * rules (1-10 photos) and messages differ, and must be known before the photos are read.
 */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const actor = await getActor(request)
		requireUser(actor)
		const form = new URL(request.url).searchParams.get('form') === DEMO_SOURCE ? 'demo' : 'multi'
		const rules = PHOTO_RULES[form]
		const upload = await parseUploads(request, {
			fileField: rules.field,
			maxFiles: rules.max,
			maxBytes: MAX_IMAGE_BYTES,
			tooLarge: rules.tooLarge,
			tooMany: rules.tooMany,
		})
		try {
			return Response.json(await submitClientPreference(actor, form, upload.fields, upload.files), { status: 201 })
		} finally {
			await upload.cleanup()
		}
	})
}
