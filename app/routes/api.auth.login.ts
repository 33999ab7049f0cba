import { type ActionFunctionArgs } from '@remix-run/node'
import { errorResponse, readJson, validationResponse } from '#app/utils/api.server.ts'
import { commitLogin } from '#app/utils/auth.server.ts'
import { clientAddress } from '#app/utils/request.server.ts'
import { LoginSchema } from '#core/accounts/auth.schema.ts'
import { login } from '#core/accounts/login.ts'
import { publicUser } from '#core/accounts/users.ts'

export async function action({ request, context }: ActionFunctionArgs) {
	const parsed = LoginSchema.safeParse(await readJson(request))
	if (!parsed.success) return validationResponse(parsed.error)
	try {
		const user = await login(parsed.data, { address: clientAddress(context) })
		return Response.json(publicUser(user), { headers: await commitLogin(user.id) })
	} catch (error) {
		return errorResponse(error)
	}
}
