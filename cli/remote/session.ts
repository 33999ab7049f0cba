import { InputError } from '#core/errors.ts'
import { ApiClient, serverUrl } from './api-client.ts'
import { readCredentials } from './credentials.ts'

/**
 * Which mode the CLI runs in. With RENDO_URL and RENDO_TOKEN, or a saved `rendo login`, the
 * commands that have an API act over it as the token's account; otherwise they work on the local
 * database as the operator (the server's own machine). The environment wins over the saved login,
 * so a script can name its server and token without touching the user's.
 */
export interface RemoteLogin {
	url: string
	token: string
	source: 'environment' | 'login'
}

export function remoteLogin(): RemoteLogin | null {
	const { RENDO_URL: url, RENDO_TOKEN: token } = process.env
	if (url || token) {
		if (!url || !token) throw new InputError({}, 'Set both RENDO_URL and RENDO_TOKEN, or neither')
		return { url: serverUrl(url, { insecure: process.env.RENDO_INSECURE === 'true' }), token, source: 'environment' }
	}
	const saved = readCredentials()
	return saved && { url: serverUrl(saved.url, { insecure: saved.insecure }), token: saved.token, source: 'login' }
}

/** The API to act over, or null in the local mode. `--as` picks an account on the local database only. */
export function remoteApi(as?: string): ApiClient | null {
	const login = remoteLogin()
	if (!login) return null
	if (as)
		throw new InputError(
			{ '--as': [`acts on the local database only: logged in to ${login.url}, commands act as the token's account`] },
			'--as works on the local database only',
		)
	return new ApiClient(login.url, login.token)
}

/** For --help: the mode this command would run in now. */
export function describeMode() {
	let login: RemoteLogin | null
	try {
		login = remoteLogin()
	} catch (error) {
		return `Mode: cannot tell (${(error as Error).message}).`
	}
	return login
		? `Mode: over the API of ${login.url} (${login.source === 'login' ? 'rendo login' : 'RENDO_URL and RENDO_TOKEN'}).`
		: 'Mode: on the local database (no rendo login, no RENDO_URL).'
}
