import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { sendBrochure } from '#core/brochures/send-brochure.ts'

/** JSON { buyerEmail, buyerName, personalMessage } → { success, message, emailEventId } */
export function action({ request, params }: ActionFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await sendBrochure(await getActor(request), params.id!, await readJson(request))),
	)
}
