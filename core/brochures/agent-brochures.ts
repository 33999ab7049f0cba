import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { propertyBrochures, roomImages } from '#db/schema/brochures.ts'
import { emailEvents, properties, rendoProjects } from '#db/schema/properties.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { NotFoundError } from '#core/errors.ts'
import { isUuid } from '#core/ids.ts'
import { db, type Tx } from '#core/platform/db.ts'
import { addJob } from '#core/platform/jobs.ts'
import { BROCHURE_MAX_ATTEMPTS, BROCHURE_PDF_TASK, BROCHURE_ROOM_TASK, pdfJobKey, roomJobKey } from './jobs.ts'

export const BROCHURE_NOT_FOUND = 'Brochure not found'

/** Where anyone holding the token fetches the PDF. */
export function brochureDownloadPath(uniqueToken: string) {
	return `/api/brochures/${uniqueToken}`
}

/** The brochure's web page for anyone holding the token: its rooms before and after, and the PDF. */
export function brochureWebPath(uniqueToken: string) {
	return `/brochure/${uniqueToken}`
}

/**
 * A brochure of the actor's own, with its property and rendo project. Brochures belong to the
 * account whose property they show; anyone else's (or an unknown id) is not found, so a stranger
 * learns nothing about which ids exist. Test brochures have no property and are reached by token only.
 */
export async function ownedBrochure(tx: Tx, actor: Actor, brochureId: string, opts: { forUpdate?: boolean } = {}) {
	const { userId } = requireUser(actor)
	if (!isUuid(brochureId)) throw new NotFoundError(BROCHURE_NOT_FOUND)
	const query = tx
		.select({ brochure: propertyBrochures, property: properties, project: rendoProjects })
		.from(propertyBrochures)
		.innerJoin(properties, eq(properties.id, propertyBrochures.propertyId))
		.leftJoin(rendoProjects, eq(rendoProjects.transformationId, propertyBrochures.transformationId))
		.where(eq(propertyBrochures.id, brochureId))
	const [row] = opts.forUpdate ? await query.for('update', { of: propertyBrochures }) : await query
	if (!row || row.property.userId !== userId) throw new NotFoundError(BROCHURE_NOT_FOUND)
	return row
}

export type BrochureStatus = 'processing' | 'ready' | 'failed'

function statusOf(brochure: { generatedAt: Date | null }, project: { status: string } | null): BrochureStatus {
	if (brochure.generatedAt) return 'ready'
	return project?.status === 'failed' ? 'failed' : 'processing'
}

/** GET /api/agent/brochures: the actor's brochures, newest first, with downloads and the last e-mail's engagement. */
const UNMATCHED = 'A staged image could not be matched to its photo'

export async function listAgentBrochures(actor: Actor) {
	const { userId } = requireUser(actor, 'read')
	const rows = await db
		.select({ brochure: propertyBrochures, property: properties, project: rendoProjects })
		.from(propertyBrochures)
		.innerJoin(properties, eq(properties.id, propertyBrochures.propertyId))
		.leftJoin(rendoProjects, eq(rendoProjects.transformationId, propertyBrochures.transformationId))
		.where(eq(properties.userId, userId))
		.orderBy(desc(propertyBrochures.createdAt), desc(propertyBrochures.id))
	if (!rows.length) return []

	const tokens = rows.map((r) => r.brochure.uniqueToken)
	const projectIds = rows.flatMap((r) => (r.project ? [r.project.id] : []))
	const [roomCounts, emails] = await Promise.all([
		db
			.select({
				token: roomImages.brochureId,
				rooms: count(),
				// The room check's sentences of this brochure's flagged rooms: Send to Buyer warns of them.
				checks: sql<
					string[]
				>`coalesce(array_agg(coalesce(${roomImages.roomCheckNote}, ${UNMATCHED}) order by ${roomImages.sortOrder}) filter (where ${roomImages.roomCheck} in ('check', 'unaligned')), '{}')`,
			})
			.from(roomImages)
			.where(inArray(roomImages.brochureId, tokens))
			.groupBy(roomImages.brochureId),
		projectIds.length
			? db
					.select()
					.from(emailEvents)
					.where(inArray(emailEvents.rendoProjectId, projectIds))
					.orderBy(desc(emailEvents.sentAt))
			: Promise.resolve([]),
	])
	return rows.map(({ brochure, property, project }) => {
		const lastEmail = emails.find((e) => e.rendoProjectId === project?.id) ?? null
		return {
			id: brochure.id,
			uniqueToken: brochure.uniqueToken,
			fileName: brochure.fileName,
			stylePreference: brochure.stylePreference,
			generatedAt: brochure.generatedAt?.toISOString() ?? null,
			createdAt: brochure.createdAt.toISOString(),
			downloadCount: brochure.downloadCount,
			buyerName: brochure.buyerName,
			buyerEmail: brochure.buyerEmail,
			status: statusOf(brochure, project),
			downloadUrl: brochure.generatedAt ? brochureDownloadPath(brochure.uniqueToken) : null,
			webUrl: brochure.generatedAt ? brochureWebPath(brochure.uniqueToken) : null,
			roomCount: roomCounts.find((c) => c.token === brochure.uniqueToken)?.rooms ?? 0,
			roomChecks: roomCounts.find((c) => c.token === brochure.uniqueToken)?.checks ?? [],
			property: {
				id: property.id,
				address: property.address,
				clientName: property.clientName,
				clientEmail: property.clientEmail,
			},
			lastEmail: lastEmail && {
				recipientEmail: lastEmail.recipientEmail,
				sentAt: lastEmail.sentAt?.toISOString() ?? null,
				openedAt: lastEmail.openedAt?.toISOString() ?? null,
				clickedAt: lastEmail.clickedAt?.toISOString() ?? null,
			},
		}
	})
}
export type AgentBrochure = Awaited<ReturnType<typeof listAgentBrochures>>[number]

/**
 * Builds the brochure again, in the agent's current brand: rooms whose render gave up are
 * rendered again, then the PDF is rebuilt (the old file is served until the new one replaces it).
 */
export async function regenerateBrochure(actor: Actor, brochureId: string) {
	return db.transaction(async (tx) => {
		const { brochure, project } = await ownedBrochure(tx, actor, brochureId, { forUpdate: true })
		const retried = await tx
			.update(roomImages)
			.set({ completedAt: null })
			.where(
				and(
					eq(roomImages.brochureId, brochure.uniqueToken),
					isNull(roomImages.stagedImageUrl),
					isNotNull(roomImages.completedAt),
				),
			)
			.returning({ id: roomImages.id })
		for (const room of retried)
			await addJob(
				tx,
				BROCHURE_ROOM_TASK,
				{ roomImageId: room.id },
				{ jobKey: roomJobKey(room.id), maxAttempts: BROCHURE_MAX_ATTEMPTS },
			)
		const [{ waiting }] = await tx
			.select({ waiting: count() })
			.from(roomImages)
			.where(and(eq(roomImages.brochureId, brochure.uniqueToken), isNull(roomImages.completedAt)))
		// With rooms still to render, the last of them queues the PDF.
		if (waiting === 0)
			await addJob(
				tx,
				BROCHURE_PDF_TASK,
				{ brochureId: brochure.id },
				{ jobKey: pdfJobKey(brochure.id), maxAttempts: BROCHURE_MAX_ATTEMPTS },
			)
		if (project?.status === 'failed')
			await tx.update(rendoProjects).set({ status: 'processing' }).where(eq(rendoProjects.id, project.id))
		return { success: true as const, message: 'The brochure is being rebuilt', brochureId: brochure.id }
	})
}
