import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { submitClientPreferenceRequest } from '#app/utils/client-preference.server.ts'

/** Single room: multipart form fields and an optional `image` (or a propertyUrl) → the confirmation's details. */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(() => submitClientPreferenceRequest(request, 'single'))
}
