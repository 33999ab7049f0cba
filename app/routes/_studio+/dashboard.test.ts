import { expect, test } from 'vitest'
import { BOT_NOT_RUNNING } from '#app/routes/api+/telegram.link.ts'
import { onboardAgent } from '#core/accounts/agent-profile.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { formRequest, getRequest, settle } from '#tests/request.ts'
import { cookieFor } from '#tests/studio.ts'
import { action, loader } from './dashboard.tsx'

test("the Telegram card's actions: no code while the bot is off, and disconnect goes back to the dashboard", async () => {
	const cookie = await cookieFor(await insertUser())
	const page = await settle(() => loader({ request: getRequest('/dashboard', { cookie }), params: {}, context: {} }))
	expect(page.data).toMatchObject({ telegram: { enabled: false, link: null } })

	const post = (intent: string) =>
		settle(() =>
			action({ request: formRequest(`/dashboard?intent=${intent}`, {}, { cookie }), params: {}, context: {} }),
		)
	const connect = await post('telegram-connect')
	expect(connect).toMatchObject({ status: 503, data: { code: null, error: BOT_NOT_RUNNING } })
	const disconnect = await post('telegram-disconnect')
	expect(disconnect.status).toBe(302)
	expect(disconnect.headers.get('location')).toBe('/dashboard')
})

test('an agent without a brand profile is pointed to onboarding until they have one', async () => {
	const user = await insertUser()
	const cookie = await cookieFor(user)
	const dashboard = () =>
		settle(() => loader({ request: getRequest('/dashboard', { cookie }), params: {}, context: {} }))
	expect((await dashboard()).data).toMatchObject({ needsBrand: true })
	await onboardAgent(actorFor(user), { companyName: 'Harbour Homes', agentName: 'Sam Reed', email: user.email })
	expect((await dashboard()).data).toMatchObject({ needsBrand: false })
})
