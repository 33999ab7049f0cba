import type { StagingRender } from '#db/schema/staging.ts'
import { editScopeOf } from '#core/edits/scope-words.ts'
import { readBytes } from '#core/platform/storage.ts'
import { type EditScope, RenderError } from '#core/render/provider.ts'

/**
 * A request's edit scope as vendors take it (its words and its mask, read from storage), with the
 * photo's objects asked by id for the scope check; undefined when the request stages.
 */
export async function scopeOf(row: Pick<StagingRender, 'scope' | 'scopeMaskKey'>): Promise<RequestEdit | undefined> {
	if (!row.scope || !row.scopeMaskKey) return undefined
	const mask = await readBytes(row.scopeMaskKey)
	if (!mask) throw new RenderError("The edit's mask is missing", false)
	return { ...editScopeOf(row.scope, mask), objects: row.scope.objects }
}

export type RequestEdit = EditScope & { objects: string[] }
