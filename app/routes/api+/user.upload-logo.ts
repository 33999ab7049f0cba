import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { parseUpload } from '#app/utils/upload.server.ts'
import { requireUser } from '#core/accounts/actor.ts'
import { uploadLogo } from '#core/accounts/logo.ts'
import { LOGO_INVALID_TYPE, LOGO_MAX_BYTES, LOGO_TOO_LARGE } from '#core/accounts/logo.schema.ts'
import { InputError } from '#core/errors.ts'

/** multipart `logo` (PNG, JPEG or SVG, under 5 MB) → { logoUrl, hasLogo, logoUploadedAt }; { message } on error. */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		// Check the session before reading a 5 MB body for nobody.
		const actor = await getActor(request)
		requireUser(actor)
		let upload
		try {
			upload = await parseUpload(request, {
				fileField: 'logo',
				maxBytes: LOGO_MAX_BYTES - 1,
				tooLarge: LOGO_TOO_LARGE.description,
			})
		} catch (error) {
			// The spec's title is the message; the field keeps the explanation.
			if (error instanceof InputError && error.fieldErrors.logo?.includes(LOGO_TOO_LARGE.description))
				throw new InputError(error.fieldErrors, LOGO_TOO_LARGE.title)
			throw error
		}
		const { file } = upload
		try {
			if (!file) throw new InputError({ logo: [LOGO_INVALID_TYPE.description] }, 'Please choose a logo to upload')
			return Response.json(await uploadLogo(actor, file))
		} finally {
			await file?.cleanup()
		}
	})
}
