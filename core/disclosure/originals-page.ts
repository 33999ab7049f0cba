import { and, asc, eq, isNotNull } from 'drizzle-orm'
import {
	propertyStudioProjects as projects,
	propertyStudioRooms as rooms,
	propertyStudioVariations as variations,
} from '#db/schema/studio.ts'
import { isUuid } from '#core/ids.ts'
import { db } from '#core/platform/db.ts'
import { roomLabel } from '#core/studio/labels.ts'
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
	madeAt: Date
	alteredUrl: string
	originalUrl: string
}

export type OriginalsPageView =
	| { state: 'live'; token: string; address: string; images: OriginalsImage[] }
	| { state: 'off' | 'retired' | 'unknown' }

// Delivered images: rendered and stored. After completion only the kept ones are left (the
// clean-up deletes the rest), so the page always lists what can still be downloaded.
const delivered = and(eq(variations.status, 'completed'), isNotNull(variations.imageUrl))

/**
 * GET /o/{token}: a property's delivered images beside the photos they were made from, in the
 * gallery's order, for anyone holding the address. Restaged views of a room are rooms like any other.
 */
export async function viewOriginalsPage(token: string): Promise<OriginalsPageView> {
	const page = await resolveOriginalsToken(token)
	if (page.state !== 'live') return page
	const [project] = await db
		.select({ address: projects.propertyAddress })
		.from(projects)
		.where(eq(projects.id, page.projectId))
	const rows = await db
		.select({
			id: variations.id,
			style: variations.style,
			createdAt: variations.createdAt,
			roomName: rooms.roomName,
			roomType: rooms.roomType,
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
		images: rows.map((row) => {
			const { kind, words, altered } = alterationOf(row.style)
			return {
				id: row.id,
				anchor: imageAnchor(row.id),
				room: roomLabel(row),
				kind,
				alteration: words,
				altered,
				madeAt: row.createdAt,
				alteredUrl: originalsFilePath(token, row.id, 'altered'),
				originalUrl: originalsFilePath(token, row.id, 'original'),
			}
		}),
	}
}

export type OriginalsFileLookup = { state: 'found'; key: string } | { state: 'retired' | 'not-found' }

/**
 * The storage key of one file of a pair on a live page: only an image the page lists (delivered,
 * of this page's property) opens. A retired address answers as retired whatever the image.
 */
export async function originalsFileKey(token: string, variationId: string, file: string): Promise<OriginalsFileLookup> {
	const page = await resolveOriginalsToken(token)
	if (page.state === 'retired') return { state: 'retired' }
	if (page.state !== 'live' || !isUuid(variationId) || (file !== 'altered' && file !== 'original'))
		return { state: 'not-found' }
	const [row] = await db
		.select({ altered: variations.imageUrl, original: rooms.originalImageUrl })
		.from(variations)
		.innerJoin(rooms, eq(rooms.id, variations.roomId))
		.where(and(eq(variations.id, variationId), eq(rooms.projectId, page.projectId), delivered))
	const key = row?.[file]
	return key ? { state: 'found', key } : { state: 'not-found' }
}
