import { and, asc, eq, isNotNull } from 'drizzle-orm'
import { propertyBrochures, roomImages } from '#db/schema/brochures.ts'
import { properties } from '#db/schema/properties.ts'
import { agentBrandFor } from '#core/accounts/agent-profile.ts'
import { buyerBrandFor, buyerLogoKey } from '#core/accounts/buyer-brand.ts'
import { NotFoundError } from '#core/errors.ts'
import { isUuid } from '#core/ids.ts'
import { RENDITION_SIZES } from '#core/render/rendition-sizes.ts'
import { db } from '#core/platform/db.ts'
import { madeByPreview } from '#core/staging/made-by-preview.ts'
import { styleLabel } from '#core/studio/labels.ts'
import { imageSourcesAt } from '#core/studio/views.ts'
import { BROCHURE_NOT_FOUND, brochureDownloadPath, brochureWebPath } from './agent-brochures.ts'
import { roomNames } from './labels.ts'
import { brochureSubjectKey } from './render-room.ts'
import { roomAnchor, roomDisclosure } from './room-originals.ts'
import { type RoomPhoto, roomPhotoCopyKey } from './room-photos.ts'
import { isBrochureToken } from './token.ts'

export type BrochurePhoto = 'before' | 'after'

// The rooms the PDF shows: those with both photos, in the order the agent uploaded them.
const shownRoom = and(isNotNull(roomImages.originalImageUrl), isNotNull(roomImages.stagedImageUrl))

/**
 * GET /brochure/{uniqueToken}: a built brochure's property and staged rooms, for anyone holding
 * the token (buyers have no account), as the PDF shows them. It is the brochure's originals page:
 * each room has its own anchor (the PDF's QR codes lead there) and says beside its staged photo
 * what was altered and that the original is beside it. Looking counts nothing: only the
 * PDF's fetches are downloads. Test brochures have no property and no rooms of their own, so
 * they, like unknown tokens and brochures still being built, are not found.
 */
export async function viewBrochure(uniqueToken: string) {
	if (!isBrochureToken(uniqueToken)) throw new NotFoundError(BROCHURE_NOT_FOUND)
	const [row] = await db
		.select({ brochure: propertyBrochures, property: properties })
		.from(propertyBrochures)
		.innerJoin(properties, eq(properties.id, propertyBrochures.propertyId))
		.where(and(eq(propertyBrochures.uniqueToken, uniqueToken), isNotNull(propertyBrochures.generatedAt)))
	if (!row) throw new NotFoundError(BROCHURE_NOT_FOUND)
	const { brochure, property } = row
	const rooms = await db
		.select({
			id: roomImages.id,
			roomType: roomImages.roomType,
			width: roomImages.imageWidth,
			height: roomImages.imageHeight,
		})
		.from(roomImages)
		.where(and(eq(roomImages.brochureId, uniqueToken), shownRoom))
		.orderBy(asc(roomImages.sortOrder), asc(roomImages.createdAt))
	const [brand, shownAs, previews] = await Promise.all([
		agentBrandFor(property.userId!),
		buyerBrandFor(property.userId!),
		madeByPreview(rooms.map((room) => brochureSubjectKey(room.id))),
	])
	const names = roomNames(rooms.map((room) => room.roomType ?? 'living'))
	const page = brochureWebPath(uniqueToken)
	const style = brochure.stylePreference ?? 'standard'
	return {
		address: property.address,
		buyerName: brochure.buyerName ?? property.clientName,
		styleLabel: styleLabel(style),
		brand: shownAs,
		logoUrl: shownAs.logoVersion === null ? null : `${page}/logo?v=${shownAs.logoVersion}`,
		downloadUrl: brochureDownloadPath(uniqueToken),
		rooms: rooms.map((room, i) => {
			const size = room.width && room.height ? { width: room.width, height: room.height } : null
			const before = `${page}/rooms/${room.id}/before`
			const after = `${page}/rooms/${room.id}/after`
			// The local preview only colour-grades: the page says so, as the PDF does.
			const isPreview = previews.has(brochureSubjectKey(room.id))
			// The label's words by the PDF's rule; the statement that the original is beside it always.
			const { label, statement } = roomDisclosure(style, {
				isPreview,
				labelOn: brand.disclosureLabel,
				agencyWords: brand.disclosureText,
			})
			return {
				id: room.id,
				anchor: roomAnchor(room.id),
				name: names[i],
				// the photo's size, so the page frames it in its own shape; null for rooms stored before it was kept
				width: room.width,
				height: room.height,
				isPreview,
				disclosure: label !== null,
				label,
				statement,
				before,
				after,
				// Each photo with its smaller copies, so the frame loads the one its width needs. A room
				// whose size is kept has its copies; the staged photo is its photo's size or smaller
				// (the quality asked for), so the photo's size lists at least as much as it has.
				beforeImage: imageSourcesAt(before, size, size),
				afterImage: imageSourcesAt(after, size, size),
			}
		}),
	}
}
export type BrochureWebView = Awaited<ReturnType<typeof viewBrochure>>

/** The storage key of the logo a built brochure's web page shows: its agent's account logo. */
export async function brochureLogoKey(uniqueToken: string) {
	if (!isBrochureToken(uniqueToken)) throw new NotFoundError('Image not found')
	const [row] = await db
		.select({ userId: properties.userId })
		.from(propertyBrochures)
		.innerJoin(properties, eq(properties.id, propertyBrochures.propertyId))
		.where(and(eq(propertyBrochures.uniqueToken, uniqueToken), isNotNull(propertyBrochures.generatedAt)))
	const key = row?.userId ? await buyerLogoKey(row.userId) : null
	if (!key) throw new NotFoundError('Image not found')
	return key
}

const PHOTOS: Record<BrochurePhoto, RoomPhoto> = { before: 'original', after: 'staged' }

/**
 * The storage key of one shown room's original or staged photo, found through the brochure's
 * token; with `copy` (a longest side: '800'), the key of its copy that size and the photo's own
 * key to serve where it has none (stored before copies were made, or no larger than the copy).
 */
export async function brochureRoomPhotoKey(
	uniqueToken: string,
	roomId: string,
	which: BrochurePhoto,
	copy?: string,
): Promise<{ key: string; copyKey: string | null }> {
	const size = copy === undefined ? null : RENDITION_SIZES.find((side) => `${side}` === copy)
	if (!isBrochureToken(uniqueToken) || !isUuid(roomId) || size === undefined) throw new NotFoundError('Image not found')
	const [room] = await db
		.select({ before: roomImages.originalImageUrl, after: roomImages.stagedImageUrl })
		.from(roomImages)
		.innerJoin(propertyBrochures, eq(propertyBrochures.uniqueToken, roomImages.brochureId))
		.where(
			and(
				eq(roomImages.id, roomId),
				eq(roomImages.brochureId, uniqueToken),
				isNotNull(propertyBrochures.generatedAt),
				shownRoom,
			),
		)
	const key = room?.[which]
	if (!key) throw new NotFoundError('Image not found')
	return { key, copyKey: size === null ? null : roomPhotoCopyKey(roomId, PHOTOS[which], size) }
}
