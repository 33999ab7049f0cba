import { expect, test } from 'vitest'
import { BOT_NOT_RUNNING } from '#app/routes/api+/telegram.link.ts'
import { insertUser } from '#tests/factories.ts'
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
