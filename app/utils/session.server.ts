import { createCookieSessionStorage } from '@remix-run/node'
import { SESSION_TTL_MS } from '#core/accounts/sessions.ts'
import { config } from '#core/platform/config.ts'
import { localSecrets } from '#core/platform/secrets.ts'

/** What every cookie of ours shares: HttpOnly, SameSite=Lax, signed, Secure behind an HTTPS URL. */
export function signedCookieOptions() {
	const c = config()
	return {
		httpOnly: true,
		sameSite: 'lax' as const,
		path: '/',
		secure: c.secureCookies,
		secrets: c.sessionSecrets ?? [localSecrets(c.dataDir).sessionSecret],
	}
}

/** The cookie holds only the session id; the row (with its expiry) lives in PostgreSQL. */
export const authSessionStorage = createCookieSessionStorage<{ sessionId: string }>({
	cookie: {
		name: 'rendo_session',
		...signedCookieOptions(),
		maxAge: SESSION_TTL_MS / 1000,
	},
})
