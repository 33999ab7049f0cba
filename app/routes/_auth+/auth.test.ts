import { describe, expect, test } from 'vitest'
import { cookieFrom, context, formRequest, getRequest, jsonRequest, settle } from '#tests/request.ts'
import { buildRegistration, insertUser, PASSWORD } from '#tests/factories.ts'
import { action as loginAction, loader as loginLoader } from './login.tsx'
import { action as registerAction } from './register.tsx'
import { action as agentRegisterAction } from './agent-register.tsx'
import { action as logoutAction } from './logout.tsx'
import { loader as dashboardLoader } from '#app/routes/_studio+/dashboard.tsx'
import { action as apiLogin } from '#app/routes/api+/auth.login.ts'
import { action as apiLogout } from '#app/routes/api+/auth.logout.ts'
import { loader as apiMe } from '#app/routes/api+/auth.me.ts'
import { action as apiRegister } from '#app/routes/api+/auth.register.ts'
import { action as apiRegisterAgent } from '#app/routes/api+/auth.register-agent.ts'
import { loader as pioneerStatusLoader } from '#app/routes/api+/pioneer-status.ts'

const args = (request: Request) => ({ request, context, params: {} })

function errorsOf(result: { data?: unknown }) {
	return (result.data as { result: { error: Record<string, string[]> } }).result.error
}

describe('sign-in form', () => {
	test('short fields get the spec messages under each field', async () => {
		const result = await settle(() => loginAction(args(formRequest('/login', { username: 'ab', password: '123' }))))
		expect(result.status).toBe(400)
		expect(errorsOf(result)).toEqual({
			username: ['Username must be at least 3 characters'],
			password: ['Password must be at least 6 characters'],
		})
	})

	test('good credentials set a session cookie and go to the dashboard, or back where the user was', async () => {
		const user = await insertUser()
		const result = await settle(() =>
			loginAction(args(formRequest('/login', { username: user.username, password: PASSWORD }))),
		)
		expect(result.status).toBe(302)
		expect(result.headers.get('location')).toBe('/dashboard')
		const cookie = result.headers.get('set-cookie')!
		expect(cookie).toMatch(/rendo_session=/)
		expect(cookie).toMatch(/HttpOnly/)
		expect(cookie).toMatch(/SameSite=Lax/)

		const back = await settle(() =>
			loginAction(
				args(formRequest('/login', { username: user.username, password: PASSWORD, redirectTo: '/property-studio' })),
			),
		)
		expect(back.headers.get('location')).toBe('/property-studio')
		const offsite = await settle(() =>
			loginAction(
				args(formRequest('/login', { username: user.username, password: PASSWORD, redirectTo: '//evil.example' })),
			),
		)
		expect(offsite.headers.get('location')).toBe('/dashboard')
	})

	test.each([
		'//evil.example',
		'/\\evil.example',
		'/\t/evil.example',
		'/\n/evil.example',
		'/\r\n/evil.example',
		'\t//evil.example',
		'/ /evil.example'.replace(' ', '\\'),
		'https://evil.example/',
		'http:evil.example',
		'javascript:alert(1)',
		'',
	])('after sign-in, redirectTo %j never leaves the site', async (redirectTo) => {
		const user = await insertUser()
		const result = await settle(() =>
			loginAction(args(formRequest('/login', { username: user.username, password: PASSWORD, redirectTo }))),
		)
		const location = result.headers.get('location')!
		expect(new URL(location, 'http://localhost:3000').origin).toBe('http://localhost:3000')
		expect(location).toBe('/dashboard')
	})

	test('a same-site path keeps its query and fragment, and an encoded slash stays a path', async () => {
		const user = await insertUser()
		for (const [redirectTo, expected] of [
			['/property-studio?tab=2#rooms', '/property-studio?tab=2#rooms'],
			['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
			['/a/../dashboard', '/dashboard'],
		]) {
			const result = await settle(() =>
				loginAction(args(formRequest('/login', { username: user.username, password: PASSWORD, redirectTo }))),
			)
			expect(result.headers.get('location')).toBe(expected)
		}
	})

	test('the CEO lands on operations', async () => {
		const ceo = await insertUser({ email: 'ceo@rendo.test', role: 'admin' })
		const result = await settle(() =>
			loginAction(args(formRequest('/login', { username: ceo.username, password: PASSWORD }))),
		)
		expect(result.headers.get('location')).toBe('/rendo-ops')
	})

	test('wrong credentials are one message above the form, with status 401', async () => {
		const user = await insertUser()
		const result = await settle(() =>
			loginAction(args(formRequest('/login', { username: user.username, password: 'wrong-password' }))),
		)
		expect(result.status).toBe(401)
		expect(errorsOf(result)).toEqual({ '': ['Invalid username or password'] })
	})

	test('a signed-in user opening /login goes to the dashboard', async () => {
		const user = await insertUser()
		const login = await settle(() =>
			loginAction(args(formRequest('/login', { username: user.username, password: PASSWORD }))),
		)
		const result = await settle(() => loginLoader(args(getRequest('/login', { cookie: cookieFrom(login.response!) }))))
		expect(result.headers.get('location')).toBe('/dashboard')
	})
})

describe('registration forms', () => {
	test('register creates the account, signs in and goes to the dashboard', async () => {
		const result = await settle(() => registerAction(args(formRequest('/register', buildRegistration()))))
		expect(result.status).toBe(302)
		expect(result.headers.get('location')).toBe('/dashboard')
		const me = await apiMe(args(getRequest('/api/auth/me', { cookie: cookieFrom(result.response!) })))
		expect(me.status).toBe(200)
	})

	test('register shows every field error of the spec and keeps no password in the reply', async () => {
		const result = await settle(() =>
			registerAction(
				args(formRequest('/register', { username: 'ab', email: 'nope', password: '12345', confirmPassword: 'x' })),
			),
		)
		expect(result.status).toBe(400)
		expect(errorsOf(result)).toMatchObject({
			firstName: ['First name is required'],
			lastName: ['Last name is required'],
			username: ['Username must be at least 3 characters'],
			email: ['Valid email address is required'],
			password: ['Password must be at least 6 characters'],
		})
		expect(JSON.stringify(result.data)).not.toContain('12345')
	})

	test('passwords that differ are reported on the confirmation field', async () => {
		const result = await settle(() =>
			registerAction(args(formRequest('/register', buildRegistration({ confirmPassword: 'different-one' })))),
		)
		expect(errorsOf(result)).toEqual({ confirmPassword: ["Passwords don't match"] })
	})

	test('agent registration answers with the pioneer position and signs the agent in', async () => {
		const result = await settle(() => agentRegisterAction(args(formRequest('/agent-register', buildRegistration()))))
		const welcome = (result.data as { welcome: { isPioneerAgent: boolean; pioneerPosition: number; message: string } })
			.welcome
		expect(welcome.isPioneerAgent).toBe(true)
		expect(welcome.message).toBe(`You are Pioneer Agent #${welcome.pioneerPosition}. Your account is ready.`)
		expect(result.headers.get('set-cookie')).toMatch(/rendo_session=/)
	})
})

describe('guards', () => {
	test('the dashboard sends visitors to /login and comes back afterwards', async () => {
		const result = await settle(() => dashboardLoader(args(getRequest('/dashboard?tab=1'))))
		expect(result.status).toBe(302)
		expect(result.headers.get('location')).toBe('/login?redirectTo=%2Fdashboard%3Ftab%3D1')
	})

	test('signing out deletes the session: the old cookie no longer works', async () => {
		const user = await insertUser()
		const login = await settle(() =>
			loginAction(args(formRequest('/login', { username: user.username, password: PASSWORD }))),
		)
		const cookie = cookieFrom(login.response!)
		const out = await settle(() => logoutAction(args(formRequest('/logout', {}, { cookie }))))
		expect(out.headers.get('location')).toBe('/')
		const again = await settle(() => dashboardLoader(args(getRequest('/dashboard', { cookie }))))
		expect(again.status).toBe(302)
	})
})

describe('JSON API', () => {
	test('register, me, logout, me', async () => {
		const registered = await apiRegister(
			args(jsonRequest('/api/auth/register', buildRegistration({ firstName: 'Grace' }))),
		)
		expect(registered.status).toBe(201)
		const body = await registered.json()
		expect(body).toMatchObject({ firstName: 'Grace', role: 'user' })
		expect(body).not.toHaveProperty('password')
		const cookie = cookieFrom(registered)
		const me = await apiMe(args(getRequest('/api/auth/me', { cookie })))
		expect(await me.json()).toMatchObject({ id: body.id, roleLabel: 'Agent' })
		const out = await apiLogout(args(jsonRequest('/api/auth/logout', {}, { cookie })))
		expect(out.status).toBe(200)
		expect((await apiMe(args(getRequest('/api/auth/me', { cookie })))).status).toBe(401)
	})

	test('login answers 401 with the message, 400 with field errors, and 400 for a body that is not JSON', async () => {
		const user = await insertUser()
		const wrong = await apiLogin(
			args(jsonRequest('/api/auth/login', { username: user.username, password: 'wrong-password' })),
		)
		expect(wrong.status).toBe(401)
		expect(await wrong.json()).toEqual({ message: 'Invalid username or password' })
		const invalid = await apiLogin(args(jsonRequest('/api/auth/login', { username: 'ab', password: PASSWORD })))
		expect(invalid.status).toBe(400)
		expect(await invalid.json()).toEqual({
			message: 'Username must be at least 3 characters',
			errors: { username: ['Username must be at least 3 characters'] },
		})
		const garbage = await settle(() => apiLogin(args(jsonRequest('/api/auth/login', '{not json'))))
		expect(garbage.status).toBe(400)
		const ok = await apiLogin(args(jsonRequest('/api/auth/login', { username: user.email, password: PASSWORD })))
		expect(ok.status).toBe(200)
		expect(ok.headers.get('set-cookie')).toMatch(/rendo_session=/)
	})

	test('register-agent and pioneer-status agree on the spots left', async () => {
		const before = await (await pioneerStatusLoader()).json()
		const response = await apiRegisterAgent(args(jsonRequest('/api/auth/register-agent', buildRegistration())))
		expect(response.status).toBe(201)
		const body = await response.json()
		expect(body).toMatchObject({ isPioneerAgent: true, message: expect.stringContaining('Pioneer Agent #') })
		const after = await (await pioneerStatusLoader()).json()
		expect(after.pioneerSpotsRemaining).toBe(before.pioneerSpotsRemaining - 1)
	})
})
