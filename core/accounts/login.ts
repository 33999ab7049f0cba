import { RateLimitError, UnauthenticatedError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import type { LoginInput } from './auth.schema.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { currentWindow, forget, hit } from './rate-limit.ts'
import { findUserByLogin } from './users.ts'

export const INVALID_CREDENTIALS = 'Invalid username or password'

let dummyHash: Promise<string> | undefined

function tooMany(secondsLeft: number) {
	const minutes = Math.max(1, Math.ceil(secondsLeft / 60))
	return `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/**
 * Checks a username (or e-mail) and password. Limits requests per address and attempts per
 * account in PostgreSQL, so every web process shares the counts. An attempt is counted before its
 * password is checked (one atomic increment), so parallel guesses cannot all slip under the limit;
 * a success clears the account's count. The account is counted by its id, however it is named.
 */
export async function login(input: LoginInput, { address }: { address: string }) {
	const limits = config().loginLimits
	const window = currentWindow(limits.windowMs)
	if ((await hit(`login:address:${address}`, window)) > limits.perAddress)
		throw new RateLimitError(tooMany(window.secondsLeft), window.secondsLeft)

	const user = await findUserByLogin(input.username)
	const accountKey = `login:account:${user?.id ?? input.username.trim().toLowerCase()}`
	if ((await hit(accountKey, window)) > limits.perAccount)
		throw new RateLimitError(tooMany(window.secondsLeft), window.secondsLeft)
	// Verify against a dummy hash for unknown users so timing does not tell which accounts exist.
	const valid = user
		? await verifyPassword(user.password, input.password)
		: await verifyPassword(await (dummyHash ??= hashPassword('not-a-real-password')), input.password).then(() => false)
	if (!user || !valid) throw new UnauthenticatedError(INVALID_CREDENTIALS)
	await forget(accountKey, window)
	return user
}
