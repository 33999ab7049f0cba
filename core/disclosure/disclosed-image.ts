import type { VariationScope } from '#core/edits/scope-words.ts'
import { agentBrandFor } from '#core/accounts/agent-profile.ts'
import { isPreviewProvider } from '#core/render/provider.ts'
import { markImage } from '#core/studio/watermark.ts'
import { alterationOf, disclosureLabelOf } from './alteration.ts'
import type { DisclosureLabel } from './label-layer.ts'
import { imageAnchor, liveOriginalsPage, originalsUrl, shortOriginalsAddress } from './originals-address.ts'
import { markProvenance, type Provenance, provenanceOf } from './provenance.ts'

/** What every image of one property discloses: read once, then applied to each image. */
export interface ProjectDisclosure {
	/** Whether images are labelled: the agency's setting, unless staff left the label out. */
	label: boolean
	/** The agency's own words for the label's first line, or null for the default per alteration. */
	words: string | null
	/** The property's live originals page: every image leads there, to its own anchor. */
	token: string
}

/**
 * The property's disclosure: the agency's label setting and words, and its originals page (made
 * on first need). `label: false` is staff leaving the label out; the machine-readable marking stays.
 */
export async function projectDisclosure(
	project: { id: string; userId: string },
	{ label = true }: { label?: boolean } = {},
): Promise<ProjectDisclosure> {
	const [brand, page] = await Promise.all([agentBrandFor(project.userId), liveOriginalsPage(project.id)])
	return { label: label && brand.disclosureLabel, words: brand.disclosureText, token: page.token }
}

/** A render as disclosure sees it. */
export interface RenderRef {
	id: string
	style: string
	/** An item removal's or renovation's scope: what the label and the provenance say was changed. */
	editScope?: VariationScope | null
	isPreview: boolean
	/**
	 * The local preview's own removal or repaint: Rendo's algorithms, no trained model, as its digital
	 * source type says. Absent for a render a vendor made.
	 */
	madeLocally?: boolean
}

export const renderRef = (v: {
	id: string
	style: string
	provider: string | null
	editScope?: VariationScope | null
}): RenderRef => ({
	id: v.id,
	style: v.style,
	editScope: v.editScope,
	// The local preview's removal and repaint change the room as a vendor's would: disclosed as such.
	isPreview: isPreviewProvider(v.provider) && !v.editScope,
	madeLocally: isPreviewProvider(v.provider),
})

/** What one image carries: the burnt-in label (null when off) and its provenance (null when none). */
export interface ImageDisclosure {
	label: DisclosureLabel | null
	provenance: Provenance | null
}

/**
 * What a render carries as it leaves Rendo. An altered image's label leads to its original (the
 * short address and a QR code to its anchor); an enhanced one is labelled alone. The local preview
 * carries neither label nor provenance: it is Rendo's own colour restyling, no trained model drew
 * it, its style's words ("Furniture added") would be false, and every screen calls it a preview.
 */
export function imageDisclosure(project: ProjectDisclosure, render: RenderRef): ImageDisclosure {
	// An image's label follows the agency's setting; its marking for machines does not.
	if (render.isPreview) return { label: null, provenance: null }
	const original = alterationOf(render.style, render.editScope).altered
		? { address: shortOriginalsAddress(project.token), url: originalsUrl(project.token, imageAnchor(render.id)) }
		: null
	return {
		label: project.label ? { text: disclosureLabelOf(render.style, project.words, render.editScope), original } : null,
		provenance: provenanceOf(render, project.token),
	}
}

/** Whether an image leaves Rendo other than as rendered: with a logo, a label or provenance. */
export const changesImage = (disclosure: ImageDisclosure, logo: Buffer | null = null) =>
	!!logo || !!disclosure.label || !!disclosure.provenance

/**
 * The image as it leaves Rendo: logo and label burnt in (one re-encode, only when there are any),
 * then the provenance written into the file as it is.
 */
export async function discloseImage(image: Buffer, disclosure: ImageDisclosure, logo: Buffer | null = null) {
	const marked = logo || disclosure.label ? await markImage(image, { logo, disclosure: disclosure.label }) : image
	return disclosure.provenance ? markProvenance(marked, disclosure.provenance) : marked
}

/**
 * A render as it leaves Rendo outside the final downloads (the bot's results): the local
 * preview's colour previews as they are, its removals and repaints disclosed as any edit.
 */
export async function disclosedImage(
	image: Buffer,
	render: Parameters<typeof renderRef>[0],
	project: { id: string; userId: string },
) {
	const ref = renderRef(render)
	if (ref.isPreview) return image
	return discloseImage(image, imageDisclosure(await projectDisclosure(project), ref))
}
