import { type ActionFunctionArgs } from '@remix-run/node'
import { errorResponse, readJson, validationResponse } from '#app/utils/api.server.ts'
import { commitLogin } from '#app/utils/auth.server.ts'
import { RegisterSchema } from '#core/accounts/auth.schema.ts'
import { registerUser } from '#core/accounts/register.ts'
import { publicUser } from '#core/accounts/users.ts'

export async function action({ request }: ActionFunctionArgs) {
	const parsed = RegisterSchema.safeParse(await readJson(request))
	if (!parsed.success) return validationResponse(parsed.error)
	try {
		const user = await registerUser(parsed.data)
		return Response.json(publicUser(user), { status: 201, headers: await commitLogin(user.id) })
	} catch (error) {
		return errorResponse(error)
	}
}
