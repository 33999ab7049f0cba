import { RateLimitError, UnauthenticatedError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import type { LoginInput } from './auth.schema.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { currentWindow, forget, hit, hits } from './rate-limit.ts'
import { findUserByLogin } from './users.ts'

export const INVALID_CREDENTIALS = 'Invalid username or password'

let dummyHash: Promise<string> | undefined

function tooMany(secondsLeft: number) {
	const minutes = Math.max(1, Math.ceil(secondsLeft / 60))
	return `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/**
 * Checks a username (or e-mail) and password. Limits requests per address and failures per
 * account in PostgreSQL, so every web process shares the counts.
 */
export async function login(input: LoginInput, { address }: { address: string }) {
	const limits = config().loginLimits
	const window = currentWindow(limits.windowMs)
	if ((await hit(`login:address:${address}`, window)) > limits.perAddress)
		throw new RateLimitError(tooMany(window.secondsLeft), window.secondsLeft)
	const accountKey = `login:account:${input.username.trim().toLowerCase()}`
	if ((await hits(accountKey, window)) >= limits.perAccount)
		throw new RateLimitError(tooMany(window.secondsLeft), window.secondsLeft)

	const user = await findUserByLogin(input.username)
	// Verify against a dummy hash for unknown users so timing does not tell which accounts exist.
	const valid = user
		? await verifyPassword(user.password, input.password)
		: await verifyPassword(await (dummyHash ??= hashPassword('not-a-real-password')), input.password).then(() => false)
	if (!user || !valid) {
		await hit(accountKey, window)
		throw new UnauthenticatedError(INVALID_CREDENTIALS)
	}
	await forget(accountKey, window)
	return user
}
