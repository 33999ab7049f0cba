import { type ActionFunctionArgs } from '@remix-run/node'
import { errorResponse, readJson, validationResponse } from '#app/utils/api.server.ts'
import { commitLogin } from '#app/utils/auth.server.ts'
import { agentWelcomeMessage } from '#core/accounts/agent-welcome.ts'
import { AgentRegisterSchema } from '#core/accounts/auth.schema.ts'
import { registerAgent } from '#core/accounts/register.ts'
import { publicUser } from '#core/accounts/users.ts'

export async function action({ request }: ActionFunctionArgs) {
	const parsed = AgentRegisterSchema.safeParse(await readJson(request))
	if (!parsed.success) return validationResponse(parsed.error)
	try {
		const user = await registerAgent(parsed.data)
		return Response.json(
			{
				message: agentWelcomeMessage(user),
				isPioneerAgent: user.isPioneerAgent,
				pioneerPosition: user.pioneerPosition,
				user: publicUser(user),
			},
			{ status: 201, headers: await commitLogin(user.id) },
		)
	} catch (error) {
		return errorResponse(error)
	}
}
