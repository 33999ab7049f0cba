import type { LoaderFunctionArgs } from '@remix-run/node'
import { getSessionUser } from '#app/utils/auth.server.ts'
import { currentToken } from '#core/accounts/access-tokens.ts'
import { roleLabel } from '#core/accounts/actor.ts'
import { publicUser } from '#core/accounts/users.ts'

const noStore = { 'Cache-Control': 'no-store' }

export async function loader({ request }: LoaderFunctionArgs) {
	const session = await getSessionUser(request)
	if (!session) return Response.json({ message: 'Not authenticated' }, { status: 401, headers: noStore })
	return Response.json(
		{
			...publicUser(session.user),
			roleLabel: roleLabel(session.actor),
			// The access token the request came with (`rendo whoami`); null for a cookie session.
			token: await currentToken(session.actor),
		},
		{ headers: noStore },
	)
}
