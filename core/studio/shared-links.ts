import { readSignedLinkToken, signedLinkToken } from '#core/platform/signed-links.ts'

/** How long a link in an e-mail opens its image. */
export const SHARED_LINK_DAYS = 7

const PURPOSE = 'shared-image-link'

/** A link token for one final image that the recipient of an e-mail (who has no account) may open. */
export function shareToken(assetId: string, expiresAt: Date) {
	return signedLinkToken(PURPOSE, assetId, expiresAt)
}

/** The asset a token opens, or null when it is malformed, forged or expired. */
export function readShareToken(token: string, now = new Date()): { assetId: string } | null {
	const assetId = readSignedLinkToken(PURPOSE, token, now)
	return assetId ? { assetId } : null
}
