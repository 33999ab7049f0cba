import { and, eq, inArray } from 'drizzle-orm'
import { stagingRenders } from '#db/schema/staging.ts'
import { db } from '#core/platform/db.ts'
import { PREVIEW_PROVIDER } from '#core/render/provider.ts'

/**
 * Which of these units of work (staging subject keys) the local preview renderer made: their
 * staging requests record the provider, so every surface that shows a result can label a preview.
 */
export async function madeByPreview(subjectKeys: readonly string[]): Promise<Set<string>> {
	if (!subjectKeys.length) return new Set()
	const rows = await db
		.select({ key: stagingRenders.subjectKey })
		.from(stagingRenders)
		.where(and(inArray(stagingRenders.subjectKey, [...subjectKeys]), eq(stagingRenders.provider, PREVIEW_PROVIDER)))
	return new Set(rows.map((row) => row.key))
}
