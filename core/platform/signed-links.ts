import { createHmac, timingSafeEqual } from 'node:crypto'
import { isUuid } from '#core/ids.ts'
import { config } from './config.ts'
import { localSecrets } from './secrets.ts'

// A key per purpose, derived from the session secret: a link for one purpose never passes for
// another's, nor for a cookie.
function signingKey(purpose: string) {
	const secret = config().sessionSecrets?.[0] ?? localSecrets(config().dataDir).sessionSecret
	return createHmac('sha256', secret).update(`rendo:${purpose}`).digest()
}

function sign(purpose: string, payload: string) {
	return createHmac('sha256', signingKey(purpose)).update(payload).digest('base64url')
}

/**
 * A token that lets whoever holds it open one thing (named by its uuid) until it expires, with no
 * account: `{id}.{expiry seconds}.{HMAC}`.
 */
export function signedLinkToken(purpose: string, id: string, expiresAt: Date) {
	const payload = `${id}.${Math.floor(expiresAt.getTime() / 1000)}`
	return `${payload}.${sign(purpose, payload)}`
}

/** The id a token of this purpose opens, or null when it is malformed, forged or expired. */
export function readSignedLinkToken(purpose: string, token: string, now = new Date()): string | null {
	const [id, expiry, signature, ...rest] = token.split('.')
	if (rest.length || !id || !isUuid(id) || !/^\d{1,12}$/.test(expiry ?? '') || !signature) return null
	const expected = Buffer.from(sign(purpose, `${id}.${expiry}`))
	const given = Buffer.from(signature)
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
	if (Number(expiry) * 1000 <= now.getTime()) return null
	return id
}
