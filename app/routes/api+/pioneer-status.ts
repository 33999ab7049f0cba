import { pioneerStatus } from '#core/accounts/register.ts'

export async function loader() {
	return Response.json(await pioneerStatus(), { headers: { 'Cache-Control': 'no-store' } })
}
