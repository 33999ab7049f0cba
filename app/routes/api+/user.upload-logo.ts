import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { receiveLogo } from '#app/utils/logo-upload.server.ts'
import { requireUser } from '#core/accounts/actor.ts'

/** multipart `logo` (PNG, JPEG or SVG, under 5 MB) → { logoUrl, hasLogo, logoUploadedAt }; { message } on error. */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		// Check the session before reading a 5 MB body for nobody.
		const actor = await getActor(request)
		requireUser(actor)
		return Response.json(await receiveLogo(request, actor))
	})
}
