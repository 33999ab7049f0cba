import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { RateLimitError, UnauthenticatedError } from '#core/errors.ts'
import { buildRegistration, insertUser, PASSWORD } from '#tests/factories.ts'
import { AgentRegisterSchema, LoginSchema, RegisterSchema, USERNAME_IS_EMAIL } from './auth.schema.ts'
import { INVALID_CREDENTIALS, login } from './login.ts'
import { userActor } from './actor.ts'
import { EMAIL_RESERVED, pioneerStatus, registerAgent, registerUser } from './register.ts'
import { createSession, deleteSession, findSessionUser } from './sessions.ts'

function fieldErrors(result: { success: boolean; error?: { flatten(): { fieldErrors: object } } }) {
	return result.error?.flatten().fieldErrors
}

describe('validation messages', () => {
	test('login asks for 3-character usernames and 6-character passwords', () => {
		expect(fieldErrors(LoginSchema.safeParse({ username: 'ab', password: '12345' }))).toEqual({
			username: ['Username must be at least 3 characters'],
			password: ['Password must be at least 6 characters'],
		})
	})

	test('registration names each missing field and mismatched passwords', () => {
		const result = RegisterSchema.safeParse({
			...buildRegistration(),
			firstName: '',
			lastName: ' ',
			email: 'nope',
			confirmPassword: 'other',
		})
		expect(fieldErrors(result)).toEqual({
			firstName: ['First name is required'],
			lastName: ['Last name is required'],
			email: ['Valid email address is required'],
			confirmPassword: ["Passwords don't match"],
		})
		expect(fieldErrors(AgentRegisterSchema.safeParse({}))).toMatchObject({ firstName: ['First name is required'] })
	})
})

describe('registration and login', () => {
	test('a registered user signs in by username or e-mail, with the password hashed by argon2id', async () => {
		const input = RegisterSchema.parse(buildRegistration())
		const user = await registerUser(input)
		expect(user.password).toMatch(/^\$argon2id\$/)
		expect(user.role).toBe('user')
		expect((await login({ username: input.username.toUpperCase(), password: PASSWORD }, { address: 'a1' })).id).toBe(
			user.id,
		)
		expect((await login({ username: input.email, password: PASSWORD }, { address: 'a1' })).id).toBe(user.id)
	})

	test('a taken username or e-mail is a field error, not a crash', async () => {
		const first = RegisterSchema.parse(buildRegistration())
		await registerUser(first)
		const sameEmail = RegisterSchema.parse(buildRegistration({ email: first.email.toUpperCase() }))
		await expect(registerUser(sameEmail)).rejects.toMatchObject({
			fieldErrors: { email: ['An account with this email already exists'] },
		})
		const sameName = RegisterSchema.parse(buildRegistration({ username: first.username }))
		await expect(registerUser(sameName)).rejects.toMatchObject({
			fieldErrors: { username: ['This username is already taken'] },
		})
	})

	test('a wrong password or unknown user gives one message that reveals neither', async () => {
		const user = await insertUser()
		await expect(login({ username: user.username, password: 'wrong-pass' }, { address: 'a2' })).rejects.toThrow(
			new UnauthenticatedError(INVALID_CREDENTIALS),
		)
		await expect(login({ username: 'nobody-here', password: PASSWORD }, { address: 'a2' })).rejects.toThrow(
			INVALID_CREDENTIALS,
		)
	})

	test("a username spelled like another account's e-mail can neither be registered nor shadow that account", async () => {
		const victim = RegisterSchema.parse(buildRegistration())
		const user = await registerUser(victim)
		const squatter = RegisterSchema.safeParse(buildRegistration({ username: victim.email }))
		expect(fieldErrors(squatter)).toEqual({ username: [USERNAME_IS_EMAIL] })
		// An account from before the rule (or made elsewhere) with that username still does not win.
		await insertUser({ username: victim.email.toUpperCase() })
		expect((await login({ username: victim.email, password: PASSWORD }, { address: 'ns' })).id).toBe(user.id)
		// Your own e-mail as your username is fine (agents' usernames are their e-mails).
		expect(
			RegisterSchema.safeParse(buildRegistration({ username: 'me@example.com', email: 'me@example.com' })).success,
		).toBe(true)
	})

	test("the CEO's address cannot be claimed from a public form, and only an admin account at it is the CEO", async () => {
		await expect(
			registerUser(RegisterSchema.parse(buildRegistration({ email: 'CEO@rendo.test' }))),
		).rejects.toMatchObject({
			fieldErrors: { email: [EMAIL_RESERVED] },
		})
		await expect(
			registerAgent(AgentRegisterSchema.parse({ ...buildRegistration(), email: 'ceo@rendo.test' })),
		).rejects.toMatchObject({
			fieldErrors: { email: [EMAIL_RESERVED] },
		})
		// An account that got the address some other way is still not the CEO unless it is an admin.
		expect(userActor({ id: 'u1', role: 'user', email: 'ceo@rendo.test' }, 'ceo@rendo.test')).toMatchObject({
			isCeo: false,
		})
		expect(userActor({ id: 'u1', role: 'agent', email: 'ceo@rendo.test' }, 'ceo@rendo.test')).toMatchObject({
			isCeo: false,
		})
		expect(userActor({ id: 'u2', role: 'admin', email: 'CEO@rendo.test' }, 'ceo@rendo.test')).toMatchObject({
			isCeo: true,
		})
	})

	test('sessions resolve to their user until deleted; garbage ids read as signed out', async () => {
		const user = await insertUser()
		const session = await createSession(user.id)
		expect((await findSessionUser(session.id))?.id).toBe(user.id)
		await deleteSession(session.id)
		expect(await findSessionUser(session.id)).toBeNull()
		expect(await findSessionUser('not-a-uuid')).toBeNull()
	})
})

describe('login rate limits', () => {
	// The limits count in fixed windows of the clock (15 minutes): a test whose logins crossed a boundary started
	// counting again, as two loaded fresh-clone runs did at 07:15:00. Here the clock stands mid-window.
	beforeEach(() => {
		vi.useFakeTimers({ toFake: ['Date'] })
		vi.setSystemTime(new Date('2026-06-01T10:07:30Z'))
	})
	afterEach(() => vi.useRealTimers())

	test('an account locks after 10 failures in the window, even with the right password', async () => {
		const user = await insertUser()
		for (let i = 0; i < 10; i++)
			await expect(
				login({ username: user.username, password: 'wrong-pass' }, { address: `ip-${i}` }),
			).rejects.toBeInstanceOf(UnauthenticatedError)
		const error = await login({ username: user.username, password: PASSWORD }, { address: 'ip-x' }).catch((e) => e)
		expect(error).toBeInstanceOf(RateLimitError)
		expect(error.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/)
		expect(error.retryAfterSeconds).toBeGreaterThan(0)
	})

	test('40 simultaneous wrong passwords: only the limit reaches the password check', async () => {
		const user = await insertUser()
		const outcomes = await Promise.all(
			Array.from({ length: 40 }, (_, i) =>
				login({ username: user.username, password: 'wrong-pass' }, { address: `par-${i}` }).catch((e: unknown) => e),
			),
		)
		expect(outcomes.filter((e) => e instanceof UnauthenticatedError)).toHaveLength(10)
		expect(outcomes.filter((e) => e instanceof RateLimitError)).toHaveLength(30)
	})

	test('one account is counted once however it is named: by username or by e-mail', async () => {
		const user = await insertUser()
		for (let i = 0; i < 10; i++) {
			const name = i % 2 ? user.email.toUpperCase() : user.username
			await expect(login({ username: name, password: 'wrong-pass' }, { address: `mix-${i}` })).rejects.toBeInstanceOf(
				UnauthenticatedError,
			)
		}
		await expect(login({ username: user.email, password: PASSWORD }, { address: 'mix-x' })).rejects.toBeInstanceOf(
			RateLimitError,
		)
	})

	test('an address is limited to 100 requests in the window', async () => {
		const user = await insertUser()
		for (let i = 0; i < 100; i++) await login({ username: user.username, password: PASSWORD }, { address: 'busy' })
		await expect(login({ username: user.username, password: PASSWORD }, { address: 'busy' })).rejects.toBeInstanceOf(
			RateLimitError,
		)
		await expect(login({ username: user.username, password: PASSWORD }, { address: 'calm' })).resolves.toBeTruthy()
	}, 60_000)
})

describe('pioneer program', () => {
	test('20 simultaneous agent registrations hand out positions 1-5 exactly once', async () => {
		const results = await Promise.all(
			Array.from({ length: 20 }, () => registerAgent(AgentRegisterSchema.parse(buildRegistration()))),
		)
		const positions = results.map((u) => u.pioneerPosition).filter((p) => p !== null)
		expect(positions.sort()).toEqual([1, 2, 3, 4, 5])
		expect(results.filter((u) => u.isPioneerAgent)).toHaveLength(5)
		expect(results.every((u) => u.role === 'agent')).toBe(true)
		expect(await pioneerStatus()).toEqual({ isPioneerProgramActive: false, pioneerSpotsRemaining: 0 })
	}, 60_000)
})
