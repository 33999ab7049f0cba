import { and, asc, eq, isNotNull } from 'drizzle-orm'
import {
	propertyStudioProjects as projects,
	propertyStudioRooms as rooms,
	propertyStudioVariations as variations,
} from '#db/schema/studio.ts'
import { type BuyerBrand, buyerBrandFor, buyerLogoKey } from '#core/accounts/buyer-brand.ts'
import { isUuid } from '#core/ids.ts'
import { type ImageSize, RENDITION_SIZES, type RenditionSize, renditionSizes } from '#core/render/rendition-sizes.ts'
import { roomImageKeys } from '#core/studio/original-image.ts'
import { variationImageKeys } from '#core/studio/render-variations.ts'
import { renditionKey } from '#core/studio/renditions.ts'
import { notSetAside } from '#core/studio/set-aside.ts'
import { db } from '#core/platform/db.ts'
import { contentsPhrase } from '#core/staging/room-check/sentences.ts'
import { roomLabel } from '#core/studio/labels.ts'
import { type ImageSources, imageSourcesAt, type RoomCheckContents } from '#core/studio/views.ts'
import { alterationOf, type AlterationKind } from './alteration.ts'
import { imageAnchor, resolveOriginalsToken } from './originals-address.ts'

/** Which file of a pair the page serves: the delivered image, or the photo it was made from. */
export type OriginalsFile = 'altered' | 'original'

/** The path of one file of a pair, under the page's own address (no login: the token is the key). */
export const originalsFilePath = (token: string, variationId: string, file: OriginalsFile) =>
	`/o/${token}/${variationId}/${file}`

export interface OriginalsImage {
	id: string
	/** The element id the label's QR code points at (`#v-<id>`). */
	anchor: string
	room: string
	kind: AlterationKind
	/** What was done, in the words listings use: "Furniture added, Modern style". */
	alteration: string
	/** False for enhanced photos: colour and exposure only, not altered under listing rules. */
	altered: boolean
	/**
	 * What the room check saw, in buyers' words: "Virtually staged: added a sofa, a rug, two lamps;
	 * walls, floor, windows and doors checked unchanged"; null when it has nothing to say (see seenLine).
	 */
	seen: string | null
	madeAt: Date
	/** The pair's size (a delivered image is its photo's size), so the page holds its place before it loads; null for images stored before sizes were kept. */
	size: ImageSize | null
	alteredUrl: string
	originalUrl: string
	/** Each file with its copies, so a phone loads the one that fits rather than a 12 MP photo. */
	alteredImage: ImageSources
	originalImage: ImageSources
}

export type OriginalsPageView =
	| {
			state: 'live'
			token: string
			address: string
			/** The agent whose property it is, as buyers know them: the page is in the agency's brand. */
			brand: BuyerBrand
			logoUrl: string | null
			images: OriginalsImage[]
	  }
	| { state: 'off' | 'retired' | 'unknown' }

/**
 * What the room check saw added to a staged image (taken away from an emptied one), and, only when
 * it passed the image, that the room itself is as in the photo. Null when it did not look (the local
 * preview, an image it could not match to the photo, images from before it looked), saw nothing of
 * the kind, or the image is a sky or an enhancement: the alteration's words say it all then.
 */
export function seenLine(kind: AlterationKind, verdict: string | null, contents: RoomCheckContents) {
	const lead =
		kind === 'staged' && contents?.added.length
			? 'Virtually staged'
			: kind === 'emptied' && contents?.removed.length
				? 'Virtually emptied'
				: null
	if (!lead) return null
	const said = `${lead}: ${contentsPhrase(contents)}`
	// A flagged image may have a wall, window or door changed: it is not said to be unchanged.
	return verdict === 'ok' ? `${said}; walls, floor, windows and doors checked unchanged` : said
}

const sizeOf = (width: number | null, height: number | null): ImageSize | null =>
	width && height ? { width, height } : null

// Delivered images: rendered and stored, and not set aside for a replacement. After completion
// only the kept ones are left (the clean-up deletes the rest), so the page always lists what can
// still be downloaded.
const delivered = and(eq(variations.status, 'completed'), isNotNull(variations.imageUrl), notSetAside)

/**
 * GET /o/{token}: a property's delivered images beside the photos they were made from, in the
 * gallery's order, for anyone holding the address. Restaged views of a room are rooms like any other.
 */
export async function viewOriginalsPage(token: string): Promise<OriginalsPageView> {
	const page = await resolveOriginalsToken(token)
	if (page.state !== 'live') return page
	const [project] = await db
		.select({ address: projects.propertyAddress, userId: projects.userId })
		.from(projects)
		.where(eq(projects.id, page.projectId))
	const brand = await buyerBrandFor(project.userId)
	const rows = await db
		.select({
			id: variations.id,
			style: variations.style,
			createdAt: variations.createdAt,
			roomCheck: variations.roomCheck,
			contents: variations.roomCheckContents,
			note: variations.roomCheckNote,
			editScope: variations.editScope,
			roomName: rooms.roomName,
			roomType: rooms.roomType,
			width: variations.imageWidth,
			height: variations.imageHeight,
			photoWidth: rooms.imageWidth,
			photoHeight: rooms.imageHeight,
		})
		.from(variations)
		.innerJoin(rooms, eq(rooms.id, variations.roomId))
		.where(and(eq(rooms.projectId, page.projectId), delivered))
		.orderBy(
			asc(rooms.sortOrder),
			asc(rooms.createdAt),
			asc(variations.style),
			asc(variations.generationNumber),
			asc(variations.variationIndex),
		)
	return {
		state: 'live',
		token,
		address: project.address,
		brand,
		logoUrl: brand.logoVersion === null ? null : `/o/${token}/logo?v=${brand.logoVersion}`,
		images: rows.map((row) => {
			const { kind, words, altered } = alterationOf(row.style, row.editScope)
			const alteredSize = sizeOf(row.width, row.height)
			const photoSize = sizeOf(row.photoWidth, row.photoHeight)
			const size = alteredSize ?? photoSize
			const alteredUrl = originalsFilePath(token, row.id, 'altered')
			const originalUrl = originalsFilePath(token, row.id, 'original')
			return {
				id: row.id,
				anchor: imageAnchor(row.id),
				room: roomLabel(row),
				kind,
				alteration: words,
				altered,
				// An edit's scope check says what it did and that nothing else changed, when it passed.
				seen: row.editScope ? (row.roomCheck === 'ok' ? row.note : null) : seenLine(kind, row.roomCheck, row.contents),
				madeAt: row.createdAt,
				size,
				alteredUrl,
				originalUrl,
				alteredImage: imageSourcesAt(alteredUrl, size, alteredSize),
				originalImage: imageSourcesAt(originalUrl, photoSize ?? size, photoSize),
			}
		}),
	}
}

export type OriginalsFileLookup = { state: 'found'; key: string } | { state: 'retired' | 'not-found' }

/** A copy's longest side as the page's URLs name it ('800'), or null for anything else. */
function copySize(copy: string): RenditionSize | null {
	return RENDITION_SIZES.find((size) => `${size}` === copy) ?? null
}

/**
 * The storage key of one file of a pair on a live page, or of one of its smaller copies (`copy`:
 * its longest side, where the file has a copy that size): only an image the page lists (delivered,
 * of this page's property) opens. A retired address answers as retired whatever the image.
 */
export async function originalsFileKey(
	token: string,
	variationId: string,
	file: string,
	copy?: string,
): Promise<OriginalsFileLookup> {
	const page = await resolveOriginalsToken(token)
	if (page.state === 'retired') return { state: 'retired' }
	const size = copy === undefined ? null : copySize(copy)
	if (
		page.state !== 'live' ||
		!isUuid(variationId) ||
		(file !== 'altered' && file !== 'original') ||
		(copy !== undefined && size === null)
	)
		return { state: 'not-found' }
	const [row] = await db
		.select({
			altered: variations.imageUrl,
			original: rooms.originalImageUrl,
			roomId: rooms.id,
			width: variations.imageWidth,
			height: variations.imageHeight,
			photoWidth: rooms.imageWidth,
			photoHeight: rooms.imageHeight,
		})
		.from(variations)
		.innerJoin(rooms, eq(rooms.id, variations.roomId))
		.where(and(eq(variations.id, variationId), eq(rooms.projectId, page.projectId), delivered))
	const key = row?.[file]
	if (!key) return { state: 'not-found' }
	if (size === null) return { state: 'found', key }
	// The copies the studio stored beside the file when it was delivered (or uploaded), as its screens serve them.
	const own = file === 'altered' ? sizeOf(row.width, row.height) : sizeOf(row.photoWidth, row.photoHeight)
	if (!own || !renditionSizes(own).includes(size)) return { state: 'not-found' }
	const folder = file === 'altered' ? variationImageKeys(variationId).folder : roomImageKeys(row.roomId).folder
	return { state: 'found', key: renditionKey(folder, size) }
}

/** The storage key of the logo a live page shows: its agent's account logo; null when there is none to show. */
export async function originalsLogoKey(token: string): Promise<string | null> {
	const page = await resolveOriginalsToken(token)
	if (page.state !== 'live') return null
	const [project] = await db.select({ userId: projects.userId }).from(projects).where(eq(projects.id, page.projectId))
	return buyerLogoKey(project.userId)
}
