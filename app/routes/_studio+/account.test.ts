import { expect, test } from 'vitest'
import { onboardAgent } from '#core/accounts/agent-profile.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { formRequest, getRequest, settle } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { action, loader } from './account.tsx'

const load = (cookie?: string) =>
	settle(() => loader({ request: getRequest('/account', { cookie }), params: {}, context: {} }))

test('the account page shows the profile, and the brand once the agent has onboarded', async () => {
	const user = await insertUser({ firstName: 'Ada', lastName: 'Lovelace' })
	const cookie = await cookieFor(user)
	expect((await load(cookie)).data).toMatchObject({
		account: { name: 'Ada Lovelace', email: user.email, username: user.username, brand: null },
		telegram: { enabled: false, link: null },
		invoices: [],
	})

	const { agentId } = await onboardAgent(actorFor(user), {
		companyName: 'Harbour Homes',
		agentName: 'Ada Lovelace',
		email: `brand.${user.email}`,
	})
	expect((await load(cookie)).data).toMatchObject({
		account: { brand: { agentId, companyName: 'Harbour Homes', agentName: 'Ada Lovelace' } },
	})
})

test('nobody signed in is sent to log in; Telegram’s disconnect comes back to the account page', async () => {
	const anonymous = await load()
	expect(anonymous.status).toBe(302)
	expect(anonymous.headers.get('location')).toMatch(/^\/login\?redirectTo=%2Faccount/)

	const cookie = await cookieFor(await insertUser())
	const disconnect = await settle(() =>
		action({ request: formRequest('/account?intent=telegram-disconnect', {}, { cookie }), params: {}, context: {} }),
	)
	expect(disconnect.status).toBe(302)
	expect(disconnect.headers.get('location')).toBe('/account')
})
