import { CHOOSE_A_LOGO } from '#app/components/checkout/checkout-choice.ts'
import { parseUpload } from '#app/utils/upload.server.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { uploadLogo } from '#core/accounts/logo.ts'
import { LOGO_INVALID_TYPE, LOGO_MAX_BYTES, LOGO_TOO_LARGE } from '#core/accounts/logo.schema.ts'
import { InputError } from '#core/errors.ts'

/**
 * A multipart body with an optional `logo` file, streamed to disk under the logo's size limit. Too
 * large is refused with the logo service's title ('File Too Large') as the message.
 */
export async function parseLogoUpload(request: Request) {
	try {
		return await parseUpload(request, {
			fileField: 'logo',
			maxBytes: LOGO_MAX_BYTES - 1,
			tooLarge: LOGO_TOO_LARGE.description,
		})
	} catch (error) {
		if (error instanceof InputError && error.fieldErrors.logo?.includes(LOGO_TOO_LARGE.description))
			throw new InputError(error.fieldErrors, LOGO_TOO_LARGE.title)
		throw error
	}
}

/**
 * The logo post both doors take (the project page's logo screen and POST /api/user/upload-logo):
 * multipart `logo`, streamed to disk under the logo's size limit, then stored by the core. A
 * refusal is an InputError whose message is the spec's title ('Invalid File Type', 'File Too
 * Large') and whose `logo` field says why. Check the session before calling: the body is read here.
 */
export async function receiveLogo(request: Request, actor: Actor) {
	const { file } = await parseLogoUpload(request)
	try {
		if (!file) throw new InputError({ logo: [LOGO_INVALID_TYPE.description] }, CHOOSE_A_LOGO)
		return await uploadLogo(actor, file)
	} finally {
		await file?.cleanup()
	}
}
