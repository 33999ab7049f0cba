import { DISCLOSURE_LABEL } from '#core/accounts/agent-profile.schema.ts'
import { scopeLabel, scopeWords, type VariationScope } from '#core/edits/scope-words.ts'
import { styleLabel } from '#core/studio/labels.ts'
import { EMPTY_ROOM, ENHANCE, TWILIGHT } from '#core/studio/studio.schema.ts'

/**
 * IPTC's digital source type for an image a trained model changed in part: what AI staging,
 * emptying and twilight skies are (https://cv.iptc.org/newscodes/digitalsourcetype/).
 */
export const AI_EDITED_SOURCE_TYPE =
	'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia'

/**
 * IPTC's digital source type for a photo with a part made by an algorithm that learnt nothing from
 * sampled content: the local preview's removal (OpenCV's Telea inpainting) and wall repaint. The
 * vocabulary's "synthetic composite" is a mix of elements "at least one of which is synthetic";
 * IPTC added compositeWithTrainedAlgorithmicMedia for where that "is not specific enough", a
 * trained model's inpainting (https://iptc.org/std-dev/NewsCodes/treeview/digitalsourcetype-en-GB.html ,
 * https://www.iptc.org/page/2/?_standard=photo-metadata ), so the untrained composite is the general
 * term. C2PA takes the same vocabulary's terms as an action's digitalSourceType
 * (https://spec.c2pa.org/specifications/specifications/2.2/specs/C2PA_Specification.html , Actions).
 */
export const ALGORITHMIC_EDIT_SOURCE_TYPE = 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeSynthetic'

export type AlterationKind = 'staged' | 'emptied' | 'twilight' | 'enhanced' | 'edited' | 'renovated'

export interface Alteration {
	kind: AlterationKind
	/** What was done, as the originals page, packs' manifests and XMP say it. */
	words: string
	/**
	 * Whether listing rules count it as digitally altered (California's B&P §10140.8, CRMLS 11.5.2):
	 * furniture added or removed, a sky changed. Colour and exposure corrections are exempt.
	 */
	altered: boolean
}

/**
 * What a studio style did to the photo. Restaged views of a room are staged like any other. An
 * item removal or renovation says what was asked, from its scope: "Removed: a lamp and a plant",
 * "Renovated: walls painted #d8d2c4, floor in oak".
 */
export function alterationOf(style: string, scope?: VariationScope | null): Alteration {
	if (scope) return { kind: scope.kind === 'remove' ? 'edited' : 'renovated', words: scopeWords(scope), altered: true }
	if (style === ENHANCE) return { kind: 'enhanced', words: 'Colour and exposure only', altered: false }
	if (style === TWILIGHT) return { kind: 'twilight', words: 'Sky changed to dusk', altered: true }
	if (style === EMPTY_ROOM) return { kind: 'emptied', words: 'Furniture removed', altered: true }
	return { kind: 'staged', words: `Furniture added, ${styleLabel(style)} style`, altered: true }
}

/**
 * The label's first line where the agency turned the label on (spec 02 §9): the agency's own
 * words for an altered image when it chose some, else what was done in the words listings use
 * ("Virtually edited: items removed", "Virtually renovated: walls, floor").
 * An enhanced photo is labelled as such whatever the agency's words: it is not altered.
 */
export function disclosureLabelOf(style: string, agencyWords?: string | null, scope?: VariationScope | null) {
	if (style === ENHANCE) return 'Digitally enhanced'
	// The agency's words are for its staged images: a removal or renovation says what it is.
	if (scope) return scopeLabel(scope)
	if (agencyWords) return agencyWords
	if (style === TWILIGHT) return 'Twilight edit'
	return DISCLOSURE_LABEL
}
