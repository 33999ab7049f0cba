import { eq, sql } from 'drizzle-orm'
import { tryItFreeLeads } from '#db/schema/leads.ts'
import { NotFoundError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { db } from '#core/platform/db.ts'
import { isPreviewProvider } from '#core/render/provider.ts'

const TOKEN = /^[0-9a-f]{32}$/

function assertToken(token: string) {
	if (!TOKEN.test(token)) throw new NotFoundError('This trial link is not valid')
}

/** What the /trial/{token} page shows; opening it counts one view. The token is the only key. */
export async function viewTrial(token: string) {
	assertToken(token)
	const [lead] = await db
		.update(tryItFreeLeads)
		.set({ viewCount: sql`${tryItFreeLeads.viewCount} + 1` })
		.where(eq(tryItFreeLeads.uniqueToken, token))
		.returning()
	if (!lead) throw new NotFoundError('This trial link is not valid')
	return {
		name: lead.name,
		roomType: lead.roomType,
		style: lead.style,
		status: lead.status,
		hasStaged: !!lead.transformedImageUrl,
		createdAt: lead.createdAt,
		// The local renderer only colour-grades; the page says so rather than call it staging.
		isPreview: isPreviewProvider(config().render.provider),
	}
}
export type TrialView = Awaited<ReturnType<typeof viewTrial>>

/** The storage key of a trial's original or staged photo, found by its token. */
export async function trialImageKey(token: string, which: 'before' | 'after') {
	assertToken(token)
	const [lead] = await db
		.select({ before: tryItFreeLeads.originalImageUrl, after: tryItFreeLeads.transformedImageUrl })
		.from(tryItFreeLeads)
		.where(eq(tryItFreeLeads.uniqueToken, token))
	const key = lead?.[which]
	if (!key) throw new NotFoundError('Image not found')
	return key
}
