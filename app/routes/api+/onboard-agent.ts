import fs from 'node:fs/promises'
import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { parseUpload } from '#app/utils/upload.server.ts'
import { requireUser } from '#core/accounts/actor.ts'
import { onboardAgent } from '#core/accounts/agent-profile.ts'
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE } from '#core/accounts/logo.schema.ts'
import { InputError } from '#core/errors.ts'

const PREVIEW_URL = '/test-brochure'
const DASHBOARD_URL = '/dashboard'

/** The spec's onboarding answer for a refused request: the message, and every field's message as a list. */
function refused(error: InputError) {
	const errors = Object.values(error.fieldErrors).flat()
	return Response.json(
		{
			success: false,
			message: error.message,
			errors: errors.length ? errors : [error.message],
			fieldErrors: error.fieldErrors,
			agentId: null,
			previewUrl: null,
			dashboardUrl: null,
		},
		{ status: 400 },
	)
}

/** multipart: the onboarding fields and an optional `logo` → { success, message, errors, agentId, previewUrl, dashboardUrl }. */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		// Check the session before reading a logo for nobody.
		const actor = await getActor(request)
		requireUser(actor)
		let file: Awaited<ReturnType<typeof parseUpload>>['file'] = null
		try {
			const upload = await parseUpload(request, {
				fileField: 'logo',
				maxBytes: LOGO_MAX_BYTES - 1,
				tooLarge: LOGO_TOO_LARGE.description,
			}).catch((error: unknown) => {
				// The logo service's title is the message, as for POST /api/user/upload-logo.
				if (error instanceof InputError && error.fieldErrors.logo?.includes(LOGO_TOO_LARGE.description))
					throw new InputError(error.fieldErrors, LOGO_TOO_LARGE.title)
				throw error
			})
			file = upload.file
			// An empty file input still sends a part: no bytes means no new logo.
			const logo = file && (await fs.stat(file.path)).size > 0 ? file : null
			const { agentId, created } = await onboardAgent(actor, upload.fields, logo)
			return Response.json(
				{
					success: true,
					message: created
						? 'Your agent profile has been created successfully.'
						: 'Your agent profile has been updated successfully.',
					errors: [],
					agentId,
					previewUrl: PREVIEW_URL,
					dashboardUrl: DASHBOARD_URL,
				},
				{ status: created ? 201 : 200 },
			)
		} catch (error) {
			if (error instanceof InputError) return refused(error)
			throw error
		} finally {
			await file?.cleanup()
		}
	})
}
