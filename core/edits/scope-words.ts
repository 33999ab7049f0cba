/**
 * An edit's scope in words, as it is stored with its staging request (staging_renders.scope) and
 * its variation (property_studio_variations.edit_scope), and as the label, the originals page,
 * XMP, C2PA and the listing pack say it. The mask is stored apart (a PNG, scope_mask_key).
 */
import type { EditScope } from '#core/render/provider.ts'
import { listItems } from '#core/staging/room-check/sentences.ts'
import type { EditKind } from './edit.schema.ts'
import type { Box } from './objects.ts'

/** staging_renders.scope: what the vendor and the scope check are told beside the mask. */
export interface RequestScope {
	kind: EditKind
	/** The photo's objects asked removed, by objectsIn's ids ('chair-2'): what the scope check looks for. */
	objects: string[]
	/** Each of them named, with its box: what a vendor that edits by prompt is told. */
	items: Array<{ name: string; box: Box }>
	/** Renovation: each surface and what it becomes ('walls' → '#d8d2c4'). */
	surfaces: Array<{ name: string; becomes: string }>
}

/** property_studio_variations.edit_scope: what was asked, for disclosure. */
export interface VariationScope {
	kind: EditKind
	/** What was asked removed, by kind as a person says it ({ name: 'chair', plural: 'chairs' }): one entry a thing. */
	items: Array<{ name: string; plural: string }>
	surfaces: Array<{ name: string; becomes: string }>
}

/** The provider's form of a request's scope (core/render/provider.ts EditScope). */
export const editScopeOf = (scope: RequestScope, mask: Buffer): EditScope => ({
	kind: scope.kind,
	items: scope.items,
	surfaces: scope.surfaces,
	mask,
})

/** The label's first line: "Virtually edited: items removed", "Virtually renovated: walls, floor". */
export function scopeLabel(scope: VariationScope) {
	if (scope.kind === 'remove') return 'Virtually edited: items removed'
	return `Virtually renovated: ${scope.surfaces.map((s) => s.name).join(', ')}`
}

/**
 * What was done, in the words listings use (the originals page, XMP, C2PA, the pack's manifest):
 * "Removed: a lamp and two chairs", "Renovated: walls painted #d8d2c4, floor in oak".
 */
export function scopeWords(scope: VariationScope) {
	if (scope.kind === 'remove') {
		const things = listItems(counted(scope.items))
		return things ? `Removed: ${things}` : 'Items removed'
	}
	return `Renovated: ${scope.surfaces.map(({ name, becomes }) => (becomes.startsWith('#') ? `${name} painted ${becomes}` : `${name} in ${becomes}`)).join(', ')}`
}

/** Things named once each (a chair, a chair, a lamp) as the sentences' counted list (two chairs and a lamp). */
function counted(items: VariationScope['items']) {
	const kinds = new Map<string, { name: string; plural: string; count: number }>()
	for (const { name, plural } of items) {
		const entry = kinds.get(name) ?? { name, plural, count: 0 }
		entry.count++
		kinds.set(name, entry)
	}
	return [...kinds.values()]
}
