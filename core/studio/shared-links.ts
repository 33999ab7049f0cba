import { createHmac, timingSafeEqual } from 'node:crypto'
import { config } from '#core/platform/config.ts'
import { localSecrets } from '#core/platform/secrets.ts'
import { isUuid } from '#core/ids.ts'

/** How long a link in an e-mail opens its image. */
export const SHARED_LINK_DAYS = 7

// A key of its own, derived from the session secret: a link can never pass for a cookie, nor the reverse.
function signingKey() {
	const secret = config().sessionSecrets?.[0] ?? localSecrets(config().dataDir).sessionSecret
	return createHmac('sha256', secret).update('rendo:shared-image-link').digest()
}

function sign(payload: string) {
	return createHmac('sha256', signingKey()).update(payload).digest('base64url')
}

/**
 * A link token for one final image that anyone holding it may open until it expires (the
 * recipient of an e-mail has no account): `{assetId}.{expiry seconds}.{HMAC}`.
 */
export function shareToken(assetId: string, expiresAt: Date) {
	const payload = `${assetId}.${Math.floor(expiresAt.getTime() / 1000)}`
	return `${payload}.${sign(payload)}`
}

/** The asset a token opens, or null when it is malformed, forged or expired. */
export function readShareToken(token: string, now = new Date()): { assetId: string } | null {
	const [assetId, expiry, signature, ...rest] = token.split('.')
	if (rest.length || !assetId || !isUuid(assetId) || !/^\d{1,12}$/.test(expiry ?? '') || !signature) return null
	const expected = Buffer.from(sign(`${assetId}.${expiry}`))
	const given = Buffer.from(signature)
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
	if (Number(expiry) * 1000 <= now.getTime()) return null
	return { assetId }
}
