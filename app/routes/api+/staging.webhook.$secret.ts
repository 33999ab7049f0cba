import type { ActionFunctionArgs } from '@remix-run/node'
import { readBodyLimited } from '#app/utils/api.server.ts'
import { stagingWebhook, isStagingWebhookSecret } from '#core/staging/webhook.ts'

// A vendor's progress report is a few hundred bytes of JSON.
const MAX_WEBHOOK_BYTES = 64 * 1024

/**
 * A staging vendor's webhook (Virtual Staging AI), given to it only when APP_URL is public https:
 * a secret path per deployment (404 for any other). The body is only a hint: it wakes the
 * waiting look at the render it names, which fetches the render by its id before storing anything.
 */
export async function action({ request, params }: ActionFunctionArgs) {
	if (!isStagingWebhookSecret(params.secret ?? '')) return new Response('Not Found', { status: 404 })
	let body: unknown
	try {
		body = JSON.parse((await readBodyLimited(request, MAX_WEBHOOK_BYTES)).toString('utf8'))
	} catch (error) {
		if (error instanceof Response) return error
		return Response.json({ message: 'Request body must be JSON' }, { status: 400 })
	}
	return Response.json({ woken: await stagingWebhook(body) })
}
