import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import { originalsPages } from '#db/schema/disclosure.ts'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { liveOriginalsPage } from '#core/disclosure/originals-address.ts'
import { leadsToOriginal, linksOf, originalsLinks } from '#core/disclosure/originals-links.ts'
import { builtWhenFirstRun, db } from '#core/platform/db.ts'
import { assertOpen, ownedProject, ownedVariation } from './access.ts'
import { notSetAside } from './set-aside.ts'
import { variationView, type VariationView } from './views.ts'
import { isUuid } from '#core/ids.ts'
import { NotFoundError } from '#core/errors.ts'

/**
 * The gallery polls this every couple of seconds per open page, and most polls find nothing new.
 * So each call first reads the gallery's fingerprint (its rows' count and highest change number,
 * see `galleryChangeSeq`), which also checks ownership, and answers from memory when it is the
 * one last seen; only a changed gallery reads its rows. The fingerprint is read before the rows,
 * so a cached answer is never older than the fingerprint it is filed under. It names the project's
 * live originals page too (the images' `originalsUrl`), so a new address or a page switched off
 * changes the answer, and a poll costs no query more for it.
 */
const projectId = sql.placeholder('projectId')
const livePage = <T>(column: typeof originalsPages.token | typeof originalsPages.enabled) =>
	sql<T | null>`(${db
		.select({ column })
		.from(originalsPages)
		.where(and(eq(originalsPages.projectId, projectId), isNull(originalsPages.retiredAt)))})`
const galleryFingerprint = builtWhenFirstRun(() =>
	db
		.select({
			count: sql<number>`count(*)::int`,
			last: sql<string | null>`max(greatest(${propertyStudioVariations.changeSeq}, ${propertyStudioRooms.changeSeq}))`,
			pageToken: livePage<string>(originalsPages.token),
			pageEnabled: livePage<boolean>(originalsPages.enabled),
		})
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.where(
			and(
				eq(propertyStudioRooms.projectId, projectId),
				sql`exists (select from ${propertyStudioProjects} p where p.id = ${projectId} and p.user_id = ${sql.placeholder('userId')})`,
			),
		)
		.prepare('gallery_fingerprint'),
)

const galleryRows = builtWhenFirstRun(() =>
	db
		.select({
			variation: propertyStudioVariations,
			roomName: propertyStudioRooms.roomName,
			roomType: propertyStudioRooms.roomType,
		})
		.from(propertyStudioVariations)
		.innerJoin(propertyStudioRooms, eq(propertyStudioRooms.id, propertyStudioVariations.roomId))
		.where(
			and(
				eq(propertyStudioRooms.projectId, projectId),
				notSetAside,
				or(sql`not ${sql.placeholder('onlyFavorites')}::boolean`, eq(propertyStudioVariations.isFavorite, true)),
			),
		)
		.orderBy(
			asc(propertyStudioRooms.sortOrder),
			asc(propertyStudioVariations.style),
			asc(propertyStudioVariations.generationNumber),
			asc(propertyStudioVariations.variationIndex),
		)
		.prepare('gallery_variations'),
)

export interface GalleryJson {
	/** Changes whenever the JSON does: the answer's ETag. */
	etag: string
	json: string
}

// The galleries open right now; the least recently answered goes first when it is full.
const recentGalleries = new Map<string, GalleryJson>()
const RECENT_GALLERIES = 200

function remember(key: string, answer: GalleryJson) {
	recentGalleries.delete(key)
	recentGalleries.set(key, answer)
	if (recentGalleries.size > RECENT_GALLERIES) recentGalleries.delete(recentGalleries.keys().next().value!)
	return answer
}

/** The project's variations in gallery order as the API's JSON, pending ones as placeholders. */
export async function galleryJson(
	actor: Actor,
	projectId: string,
	{ onlyFavorites = false } = {},
): Promise<GalleryJson> {
	const { userId } = requireUser(actor, 'read')
	const [{ count, last, pageToken, pageEnabled }] = isUuid(projectId)
		? await galleryFingerprint().execute({ projectId, userId })
		: [{ count: 0, last: null, pageToken: null, pageEnabled: null }]
	if (count === 0) {
		// An empty project of yours, or somebody else's (403), or none at all (404).
		await ownedProject(db, actor, projectId, { need: 'read' })
		return { etag: '"empty"', json: '[]' }
	}
	const etagOf = (page: { token: string; enabled: boolean } | null) =>
		`"${count}-${last}-${page ? (page.enabled ? page.token : 'off') : 'none'}${onlyFavorites ? '-favorites' : ''}"`
	let page = pageToken ? { token: pageToken, enabled: !!pageEnabled } : null
	const key = `${projectId}${onlyFavorites ? ':favorites' : ''}`
	const seen = recentGalleries.get(key)
	if (seen?.etag === etagOf(page)) return remember(key, seen)
	const rows = await galleryRows().execute({ projectId, onlyFavorites })
	// The first altered image delivered is the page's first need: made once, later polls read it.
	if (!page && rows.some(({ variation }) => leadsToOriginal(variation))) page = await liveOriginalsPage(projectId)
	const links = linksOf(page)
	return remember(key, {
		etag: etagOf(page),
		json: JSON.stringify(rows.map(({ variation, ...room }) => variationView(variation, room, links))),
	})
}

export async function listVariations(actor: Actor, projectId: string): Promise<VariationView[]> {
	return JSON.parse((await galleryJson(actor, projectId)).json)
}

export async function listFavorites(actor: Actor, projectId: string): Promise<VariationView[]> {
	return JSON.parse((await galleryJson(actor, projectId, { onlyFavorites: true })).json)
}

export async function setFavorite(actor: Actor, variationId: string, isFavorite: boolean) {
	const { project, room } = await ownedVariation(db, actor, variationId)
	assertOpen(project)
	const [variation] = await db
		.update(propertyStudioVariations)
		.set({ isFavorite })
		.where(and(eq(propertyStudioVariations.id, variationId), notSetAside))
		.returning()
	if (!variation) throw new NotFoundError('Variation not found')
	return variationView(variation, room, await originalsLinks(project.id))
}
