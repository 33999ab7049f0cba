import type { ActionFunctionArgs } from '@remix-run/node'
import { apiResponse, readJson } from '#app/utils/api.server.ts'
import { commitLogin } from '#app/utils/auth.server.ts'
import { agentWelcomeMessage } from '#core/accounts/agent-welcome.ts'
import { AgentRegisterSchema } from '#core/accounts/auth.schema.ts'
import { registerAgent } from '#core/accounts/register.ts'
import { publicUser } from '#core/accounts/users.ts'
import { parseInput } from '#core/validate.ts'

export function action({ request }: ActionFunctionArgs) {
	return apiResponse(async () => {
		const user = await registerAgent(parseInput(AgentRegisterSchema, await readJson(request)))
		const body = {
			message: agentWelcomeMessage(user),
			isPioneerAgent: user.isPioneerAgent,
			pioneerPosition: user.pioneerPosition,
			user: publicUser(user),
		}
		return Response.json(body, { status: 201, headers: await commitLogin(user.id) })
	})
}
