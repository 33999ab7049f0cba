import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { propertyBrochures } from '#db/schema/brochures.ts'
import { emailEvents, rendoProjects } from '#db/schema/properties.ts'
import { NotFoundError } from '#core/errors.ts'
import { isUuid } from '#core/ids.ts'
import { db } from '#core/platform/db.ts'
import { isBrochureToken } from './token.ts'

/**
 * Marks the e-mail that carried the link (or pixel) as clicked and/or opened, first time only. The
 * event must belong to this brochure's project: an event id alone, or paired with another
 * brochure's token, changes nothing.
 */
async function recordEmail(uniqueToken: string, emailEventId: string | null | undefined, what: { clicked: boolean }) {
	if (!emailEventId || !isUuid(emailEventId)) return
	const projectOfBrochure = db
		.select({ id: rendoProjects.id })
		.from(rendoProjects)
		.innerJoin(propertyBrochures, eq(propertyBrochures.transformationId, rendoProjects.transformationId))
		.where(eq(propertyBrochures.uniqueToken, uniqueToken))
	await db
		.update(emailEvents)
		.set({
			// A click means it was opened too, even when the mail client blocked the pixel.
			openedAt: sql`coalesce(${emailEvents.openedAt}, now())`,
			...(what.clicked && { clickedAt: sql`coalesce(${emailEvents.clickedAt}, now())` }),
		})
		.where(and(eq(emailEvents.id, emailEventId), inArray(emailEvents.rendoProjectId, projectOfBrochure)))
}

/**
 * GET /api/brochures/{uniqueToken}: anyone holding the token gets the PDF (buyers have no
 * account). Each fetch adds one to downloadCount in a single UPDATE, so concurrent fetches are
 * all counted. An unknown token, or a brochure not built yet, is simply not found.
 */
export async function downloadBrochure(uniqueToken: string, opts: { emailEventId?: string | null } = {}) {
	if (!isBrochureToken(uniqueToken)) throw new NotFoundError()
	const [brochure] = await db
		.update(propertyBrochures)
		.set({ downloadCount: sql`${propertyBrochures.downloadCount} + 1` })
		.where(and(eq(propertyBrochures.uniqueToken, uniqueToken), isNotNull(propertyBrochures.brochureUrl)))
		.returning({ key: propertyBrochures.brochureUrl, fileName: propertyBrochures.fileName })
	if (!brochure?.key) throw new NotFoundError()
	await recordEmail(uniqueToken, opts.emailEventId, { clicked: true })
	return { key: brochure.key, fileName: brochure.fileName ?? 'brochure.pdf' }
}

/** The tracking pixel: records the first open; answers the same whatever the ids, so it reveals nothing. */
export async function recordBrochureEmailOpen(uniqueToken: string, emailEventId: string | null | undefined) {
	if (!isBrochureToken(uniqueToken)) return
	await recordEmail(uniqueToken, emailEventId, { clicked: false })
}
