import { eq } from 'drizzle-orm'
import { stagingRenders } from '#db/schema/staging.ts'
import { NotFoundError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { readSignedLinkToken, signedLinkToken } from '#core/platform/signed-links.ts'
import { storage } from '#core/platform/storage.ts'
import { publicAppUrl } from './webhook.ts'

/** Where a vendor fetches the photo it stages: the last segment is a signed, expiring token. */
export const STAGING_PHOTO_PATH = '/staging-photos'
const PURPOSE = 'staging-photo'
// The vendor fetches the photo when the render is created; a day covers its queue and retries.
const LINK_HOURS = 24

/**
 * The photo of a staging request as a public https address a vendor can fetch, when this
 * deployment has one; without it the adapter sends the photo inline (a data URL).
 */
export function stagingPhotoUrl(stagingId: string, now = new Date()): string | undefined {
	const base = publicAppUrl()
	if (!base) return undefined
	const token = signedLinkToken(PURPOSE, stagingId, new Date(now.getTime() + LINK_HOURS * 3_600_000))
	return `${base}${STAGING_PHOTO_PATH}/${token}`
}

/** The photo a link opens; a forged, expired or finished request's link opens nothing. */
export async function openStagingPhoto(token: string) {
	const stagingId = readSignedLinkToken(PURPOSE, token)
	if (!stagingId) throw new NotFoundError('This link has expired or is not valid')
	const [row] = await db
		.select({ key: stagingRenders.originalKey, state: stagingRenders.state })
		.from(stagingRenders)
		.where(eq(stagingRenders.id, stagingId))
	if (!row || row.state === 'delivered' || row.state === 'failed')
		throw new NotFoundError('This link has expired or is not valid')
	const object = await storage().get(row.key)
	if (!object) throw new NotFoundError('This link has expired or is not valid')
	return { fileName: 'photo.jpg', body: object.body, size: object.size }
}
