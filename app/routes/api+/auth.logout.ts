import type { ActionFunctionArgs } from '@remix-run/node'
import { commitLogout } from '#app/utils/auth.server.ts'

export async function action({ request }: ActionFunctionArgs) {
	return Response.json({ message: 'Logged out' }, { headers: await commitLogout(request) })
}
