import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { commitLogin } from '#app/utils/auth.server.ts'
import { RegisterSchema } from '#core/accounts/auth.schema.ts'
import { registerUser } from '#core/accounts/register.ts'
import { publicUser } from '#core/accounts/users.ts'
import { parseInput } from '#core/validate.ts'

export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const user = await registerUser(parseInput(RegisterSchema, await readJson(request)))
		return Response.json(publicUser(user), { status: 201, headers: await commitLogin(user.id) })
	})
}
