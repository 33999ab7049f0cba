import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { commitLogin } from '#app/utils/auth.server.ts'
import { clientAddress } from '#app/utils/request.server.ts'
import { LoginSchema } from '#core/accounts/auth.schema.ts'
import { login } from '#core/accounts/login.ts'
import { publicUser } from '#core/accounts/users.ts'
import { parseInput } from '#core/validate.ts'

export function action({ request, context }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const user = await login(parseInput(LoginSchema, await readJson(request)), { address: clientAddress(context) })
		return Response.json(publicUser(user), { headers: await commitLogin(user.id) })
	})
}
