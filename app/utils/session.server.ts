import { createCookieSessionStorage } from '@remix-run/node'
import { SESSION_TTL_MS } from '#core/accounts/sessions.ts'
import { config } from '#core/platform/config.ts'
import { localSecrets } from '#core/platform/secrets.ts'

function secrets() {
	const c = config()
	return c.sessionSecrets ?? [localSecrets(c.dataDir).sessionSecret]
}

/** The cookie holds only the session id; the row (with its expiry) lives in PostgreSQL. */
export const authSessionStorage = createCookieSessionStorage<{ sessionId: string }>({
	cookie: {
		name: 'rendo_session',
		httpOnly: true,
		sameSite: 'lax',
		path: '/',
		secure: config().secureCookies,
		secrets: secrets(),
		maxAge: SESSION_TTL_MS / 1000,
	},
})
