import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { knownImports } from '#core/studio/import-keys.ts'

/** POST { keys }: which of these idempotency keys the account has used, and what each made (read scope). */
export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () =>
		Response.json(await knownImports(await getActor(request), await readJson(request)), {
			headers: { 'Cache-Control': 'no-store' },
		}),
	)
}
