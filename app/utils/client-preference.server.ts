import { getActor } from '#app/utils/auth.server.ts'
import { parseUploads } from '#app/utils/upload.server.ts'
import { requireUser } from '#core/accounts/actor.ts'
import { MAX_IMAGE_BYTES, PHOTO_RULES, type PreferenceForm } from '#core/preferences/preferences.schema.ts'
import { submitClientPreference } from '#core/preferences/submit-preference.ts'

/**
 * A client preference form's multipart post, its photos read under that form's rules (known before
 * the photos are read) → 201 with the confirmation's details. The upload's files go afterwards.
 */
export async function submitClientPreferenceRequest(request: Request, form: PreferenceForm) {
	const actor = await getActor(request)
	requireUser(actor)
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
}
