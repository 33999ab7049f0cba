import { AI_EDITED_SOURCE_TYPE, alterationOf } from './alteration.ts'
import { imageAnchor, originalsUrl } from './originals-address.ts'
import { withXmp, xmpPacket } from './xmp.ts'

/** What a delivered image says about itself to machines: what was done, by what kind of process, and where its original is. */
export interface Provenance {
	/** The variation the image is, for what needs more of it than these fields (C2PA's ingredient, the original). */
	variationId: string
	/** IPTC's digital source type: AI_EDITED_SOURCE_TYPE for an altered image, null for an enhanced one. */
	digitalSourceType: string | null
	/** What was done, in the words the originals page and packs use ("Furniture added, Modern style"). */
	description: string
	/** The original's place on the property's public originals page. */
	originalUrl: string
}

/**
 * The provenance of a render a provider made (callers leave the local preview out: see
 * RenderRef in disclosed-image.ts). An enhanced photo gets its description and original but no
 * digital source type: colour and exposure corrections are exempt from listing rules, and calling
 * them "composite with trained algorithmic media" would have platforms badge an honest photo as AI.
 */
export function provenanceOf(render: { id: string; style: string }, token: string): Provenance {
	const alteration = alterationOf(render.style)
	return {
		variationId: render.id,
		digitalSourceType: alteration.altered ? AI_EDITED_SOURCE_TYPE : null,
		description: alteration.words,
		originalUrl: originalsUrl(token, imageAnchor(render.id)),
	}
}

/**
 * Writes the provenance into a delivered JPEG without re-encoding it: the one place every door's
 * images pass through after their pixels are final. XMP now (IPTC's DigitalSourceType, which the
 * EU AI Act's Article 50 marking and listing portals read); C2PA Content Credentials belong here
 * after it, since a C2PA manifest hashes the file's bytes, XMP segment included.
 */
export async function markProvenance(jpeg: Buffer, provenance: Provenance): Promise<Buffer> {
	return withXmp(
		jpeg,
		xmpPacket({
			digitalSourceType: provenance.digitalSourceType,
			description: provenance.description,
			source: provenance.originalUrl,
		}),
	)
}
