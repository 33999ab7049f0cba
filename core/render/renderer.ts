/** What every rendering provider promises; the studio depends on this file only. */

export const STYLES = [
	'modern',
	'luxury',
	'scandinavian',
	'industrial',
	'midcentury',
	'farmhouse',
	'coastal',
	'standard',
] as const
export type Style = (typeof STYLES)[number]

export interface RenderInput {
	/** The original upload (JPEG/PNG/WebP), already EXIF-rotated and GPS-stripped by the upload step. */
	image: Buffer
	/** kitchen, living, bedroom, bathroom, dining, office, exterior, kids_room, outdoor */
	roomType: string
	style: Style
	/** "Contains furniture to remove". */
	hasFurniture: boolean
	/** 0, 1, 2, ...: the same input and index give the same look; another index, another take on the style. */
	variationIndex: number
	/**
	 * The provider's id of an earlier render of this same original (a `RenderOutput.renderId`). The HTTP
	 * provider then asks for one more variation of it instead of uploading the photo again; the local
	 * renderer has no such ids and ignores it.
	 */
	renderId?: string
	signal?: AbortSignal
}

export interface RenderOutput {
	/** Full-size JPEG. */
	image: Buffer
	/** JPEG, longest side 400 px (smaller images keep their size). */
	thumbnail: Buffer
	width: number
	height: number
	provider: 'local-preview' | 'http'
	/** The provider's ids (HTTP provider only); keep `renderId` to ask for more variations later. */
	renderId?: string
	variationId?: string
	/** True for the local renderer: the gallery labels these honestly as previews. */
	isPreview: boolean
}

export interface Renderer {
	render(input: RenderInput): Promise<RenderOutput>
}

/** A render that failed; `retryable` tells the job runner whether trying the same input again may succeed. */
export class RenderError extends Error {
	name = 'RenderError'
	constructor(message: string, public retryable: boolean, options?: ErrorOptions) {
		super(message, options)
	}
}
