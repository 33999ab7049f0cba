import type { VariationScope } from '#core/edits/scope-words.ts'
import { eq } from 'drizzle-orm'
import { propertyStudioRooms as rooms, propertyStudioVariations as variations } from '#db/schema/studio.ts'
import { db } from '#core/platform/db.ts'
import { logger } from '#core/platform/logger.ts'
import { readBytes } from '#core/platform/storage.ts'
import { AI_EDITED_SOURCE_TYPE, ALGORITHMIC_EDIT_SOURCE_TYPE, alterationOf } from './alteration.ts'
import { withContentCredentials } from './content-credentials.ts'
import { imageAnchor, originalsUrl } from './originals-address.ts'
import { isXmp, withoutSegments, withXmp, xmpPacket } from './xmp.ts'

/** C2PA's JUMBF boxes travel in APP11 segments (C2PA specification, "Embedding manifests into JPEG"). */
const APP11 = 0xeb

/** What a delivered image says about itself to machines: what was done, by what kind of process, and where its original is. */
export interface Provenance {
	/** The variation the image is, for what needs more of it than these fields (C2PA's ingredient, the original). */
	variationId: string
	/**
	 * IPTC's digital source type: AI_EDITED_SOURCE_TYPE for an image a trained model altered,
	 * ALGORITHMIC_EDIT_SOURCE_TYPE for the local preview's own edit, null for an enhanced one.
	 */
	digitalSourceType: string | null
	/** What was done, in the words the originals page and packs use ("Furniture added, Modern style"). */
	description: string
	/** The original's place on the property's public originals page. */
	originalUrl: string
}

/**
 * The provenance of a render a provider made, or of the local preview's own edit (callers leave
 * its colour previews out: see RenderRef in disclosed-image.ts). An enhanced photo gets its description and original but no
 * digital source type: colour and exposure corrections are exempt from listing rules, and calling
 * them "composite with trained algorithmic media" would have platforms badge an honest photo as AI.
 */
export function provenanceOf(
	render: { id: string; style: string; editScope?: VariationScope | null; madeLocally?: boolean },
	token: string,
): Provenance {
	const alteration = alterationOf(render.style, render.editScope)
	return {
		variationId: render.id,
		digitalSourceType: alteration.altered
			? render.madeLocally
				? ALGORITHMIC_EDIT_SOURCE_TYPE
				: AI_EDITED_SOURCE_TYPE
			: null,
		description: alteration.words,
		originalUrl: originalsUrl(token, imageAnchor(render.id)),
	}
}

/**
 * Writes the provenance into a delivered JPEG without re-encoding it: the one place every door's
 * images pass through after their pixels are final. XMP first (IPTC's DigitalSourceType, which the
 * EU AI Act's Article 50 marking and listing portals read), then, on an altered image, C2PA
 * Content Credentials naming its original as their ingredient: a C2PA manifest hashes the file's
 * bytes, XMP segment included, so it must come last. An original storage has lost leaves the
 * image with its XMP alone rather than undelivered.
 */
export async function markProvenance(jpeg: Buffer, provenance: Provenance): Promise<Buffer> {
	const marked = withXmp(
		jpeg,
		xmpPacket({
			digitalSourceType: provenance.digitalSourceType,
			description: provenance.description,
			source: provenance.originalUrl,
		}),
	)
	if (!provenance.digitalSourceType) return marked
	const original = await originalOf(provenance.variationId)
	if (!original) {
		logger.warn({ variationId: provenance.variationId }, 'original missing from storage: delivered without C2PA')
		return marked
	}
	return withContentCredentials(marked, original, {
		alteration: provenance.description,
		digitalSourceType: provenance.digitalSourceType,
		originalsUrl: provenance.originalUrl,
	})
}

async function originalOf(variationId: string) {
	const [row] = await db
		.select({ key: rooms.originalImageUrl })
		.from(variations)
		.innerJoin(rooms, eq(rooms.id, variations.roomId))
		.where(eq(variations.id, variationId))
	return row ? readBytes(row.key) : null
}

/** The JPEG without what markProvenance wrote (XMP and C2PA segments), byte for byte otherwise. */
export const withoutProvenance = (jpeg: Buffer) =>
	withoutSegments(jpeg, (file, segment) => segment.marker === APP11 || isXmp(file, segment))
