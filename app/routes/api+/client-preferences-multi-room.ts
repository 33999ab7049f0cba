import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse } from '#app/utils/api.server.ts'
import { submitClientPreferenceRequest } from '#app/utils/client-preference.server.ts'
import { DEMO_SOURCE } from '#core/preferences/preferences.schema.ts'

/**
 * Multi-room: multipart form fields, one `property-images` part per photo and `roomTypes[i]` →
 * { success, message, details }. The multi-room demo posts here with ?form=multi-room-demo: its
 * rules (1-10 photos) and messages differ, and must be known before the photos are read.
 */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(() => {
		const form = new URL(request.url).searchParams.get('form') === DEMO_SOURCE ? 'demo' : 'multi'
		return submitClientPreferenceRequest(request, form)
	})
}
