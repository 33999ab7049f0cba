import type { RENOVATED_SURFACES } from '#core/edits/edit.schema.ts'
import type { CircuitBreaker } from './circuit-breaker.ts'
import type { Rendition } from './jpeg.ts'

/**
 * What every staging provider promises. The pipeline (core/staging/) depends on this file only;
 * each vendor's adapter lives in core/render/providers/ with the vendor's documented facts cited
 * at its top.
 *
 * Two shapes, because vendors come in two shapes:
 * - an ImmediateProvider answers one call with the images (OpenAI, Gemini, the local preview);
 * - a DeferredProvider takes a render, names it with an id, and is asked again later
 *   (Virtual Staging AI). The pipeline commits that id before it waits, so a crash or a retry
 *   never pays for the same render twice.
 * Adapters return the vendor's bytes as they came: fitting them to the photo's exact size,
 * thumbnails and storage are the pipeline's, the same for every vendor.
 */

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

export const ROOM_TYPES = [
	'kitchen',
	'living',
	'bedroom',
	'bathroom',
	'dining',
	'office',
	'exterior',
	'kids_room',
	'outdoor',
] as const
export type RoomType = (typeof ROOM_TYPES)[number]

/**
 * Photo edits offered beside staging: `twilight` turns a daytime exterior into a dusk shot (sky and
 * lighting only), `enhance` corrects exposure, white balance and lens distortion. Neither adds or
 * removes anything.
 */
export const PHOTO_EDITS = ['twilight', 'enhance'] as const
export type PhotoEdit = (typeof PHOTO_EDITS)[number]

/**
 * What a staging request makes (the dashboard's split): furniture added, furniture added to match
 * another view of the room ('multi-view'), a room emptied, a photo edit, or an edit with a scope
 * (EditScope: items removed, surfaces renovated).
 */
export const RENDER_KINDS = ['staging', 'multi-view', 'empty', ...PHOTO_EDITS, 'remove', 'renovate'] as const
export type RenderKind = (typeof RENDER_KINDS)[number]

/** What every screen, e-mail and message says of an image the local preview made. */
export const PREVIEW_LABEL = 'Preview, not staged'

export const PROVIDER_NAMES = ['local', 'virtual-staging-ai', 'openai', 'gemini'] as const
export type ProviderName = (typeof PROVIDER_NAMES)[number]
/** Human names of the providers, for the dashboard and for messages. */
export const PROVIDER_LABELS: Record<string, string> = {
	local: 'Local preview (colour grading only)',
	'virtual-staging-ai': 'Virtual Staging AI',
	openai: 'OpenAI',
	gemini: 'Google Gemini',
	http: 'Old HTTP adapter',
}
/** The offline default, whose output is a colour preview: rows record it as their provider. */
export const PREVIEW_PROVIDER = 'local' satisfies ProviderName
/** Whether a render (or the configured provider) is the local preview, labelled PREVIEW_LABEL wherever shown. */
export const isPreviewProvider = (provider: string | null | undefined) => provider === PREVIEW_PROVIDER

/** A box in fractions of the photo's width and height. */
export interface Box {
	x: number
	y: number
	width: number
	height: number
}

/**
 * The part of a photo an edit may change, in the forms vendors' documentation takes: the area
 * as a mask (OpenAI's images.edit), and the same in words with places (Gemini's prompt).
 */
export interface EditScope {
	kind: 'remove' | 'renovate'
	/** Removal: each thing to take out, named ('armchair 2') with its box. Empty for a renovation. */
	items: { name: string; box: Box }[]
	/** Renovation: each surface and what it becomes ('walls' → '#d8d2c4', 'floor' → 'oak'). Empty for a removal. */
	surfaces: { name: string; becomes: string }[]
	/** The area to change at the photo's size: a PNG, white where the edit goes (core/edits/mask.ts maskPng). */
	mask: Buffer
}

/**
 * The edits with a scope a provider makes: removing chosen things, and the surfaces it renovates.
 * What it does not make is greyed out at every door beforehand, with `refusal`, and refused before
 * anything is stored or uploaded (core/edits/edit-room.ts); the adapter refuses it too, as a guard.
 */
export interface ScopedEdits {
	remove: boolean
	renovate: readonly (typeof RENOVATED_SURFACES)[number][]
	/** Why not, in one line, where it does not make them all. */
	refusal?: string
}

/** The one line every door says of an edit `provider` does not make. */
export const scopedEditRefusal = ({ name, edits }: Pick<ProviderBase, 'name' | 'edits'>) =>
	edits.refusal ?? `${PROVIDER_LABELS[name] ?? name} does not make this edit: use another provider for it`

export interface StagingRequest {
	/** The upright original (JPEG, PNG or WebP), metadata already stripped by the upload step. */
	image: Buffer
	/** The original's pixel size; the pipeline fits every output back to it. */
	width: number
	height: number
	roomType: RoomType
	/** The style to furnish in; null empties the room (furniture removal only, nothing added). */
	style: Style | null
	/** A photo edit instead of staging (style null, nothing removed); absent or null stages. */
	edit?: PhotoEdit | null
	/**
	 * Item removal or virtual renovation instead of staging (style null): what to change, and
	 * nothing else. The answer is checked against it (core/staging/room-check/scope.ts).
	 */
	scope?: EditScope
	/**
	 * Another view of the same room, already staged (its first view): furnish this photo to match it.
	 * Only for providers that stage views together (`stagesViewsTogether`).
	 */
	reference?: Buffer
	/** The photo has furniture to remove before staging ("Contains furniture to remove"). */
	removeFurniture: boolean
	/** Variations wanted from this one request (1 to 3). */
	count: number
	/** The first variation's place in the room's sequence: the local preview's looks differ by it. */
	firstIndex: number
	/** A public https address of the same original, when Rendo has one (else vendors get the bytes). */
	imageUrl?: string
	/** Where a vendor with webhooks should report progress (only ever a public https URL). */
	webhookUrl?: string
	/**
	 * For a provider that answers one image a call (`answersPerImage`): the images of this request an
	 * earlier attempt received and stored, by offset from `firstIndex`. They are not asked for again and
	 * come back in the receipt in their places, their cost in its total.
	 */
	answered?: ReadonlyMap<number, AnsweredImage>
	/**
	 * For such a provider: called with each image as it arrives, before the render goes on, so the
	 * pipeline stores it and a later attempt (the vendor waited out, a process killed) never pays for it again.
	 */
	onImage?: (offset: number, answer: AnsweredImage) => Promise<void>
	signal?: AbortSignal
}

/** One image of a request, received, with what its call (or calls) cost in millionths of a US dollar. */
export interface AnsweredImage {
	image: StagedImage
	costUsdMicros?: number
}

export interface StagedImage {
	/** The vendor's bytes as delivered (any format sharp reads). */
	bytes: Buffer
	/** The vendor's id for this one image, where it gives one. */
	providerImageId?: string
	/** Its smaller copies, ready, when the provider made the image at the photo's size anyway (the local preview). */
	renditions?: Rendition[]
}

export interface ImmediateReceipt {
	images: StagedImage[]
	/** The model that made them, as the vendor names it. */
	model: string
	/** The vendor's id for the call, where it gives one (e.g. a response id). */
	providerRenderId?: string
	/** What the vendor reported the call cost, in millionths of a US dollar, where it reports it. */
	costUsdMicros?: number
}

export interface ProviderStatus {
	reachable: boolean
	/** Why not, or what the vendor said. */
	message?: string
	/** Renders left this period, where the vendor reports them. */
	credits?: { used: number; limit: number }
	/** The image-editing allowance (day-to-dusk, enhancement), where the vendor counts it apart from staging. */
	editCredits?: { used: number; limit: number }
}

interface ProviderBase {
	name: ProviderName
	/** The model (or the vendor's product) renders are made with. */
	model: string
	/** The local preview only: its outputs are labelled "Preview, not staged". */
	isPreview: boolean
	/** Whether it can empty a room without adding furniture. */
	canEmptyRoom: boolean
	/** The photo edits it makes; the others are refused before anything is uploaded. */
	photoEdits: readonly PhotoEdit[]
	/** The item removals and renovations it makes (StagingRequest.scope). */
	edits: ScopedEdits
	/** Whether it stages a view of a room to match another view already staged (`StagingRequest.reference`). */
	stagesViewsTogether: boolean
	/** Reachability and credits, for the operations dashboard. Never throws. */
	status(): Promise<ProviderStatus>
	/**
	 * This process's breaker for the vendor, where its adapter has one: the pipeline waits while it is
	 * open instead of spending attempts, and wakes the waiting renders when it closes.
	 */
	circuit?: CircuitBreaker
}

export interface ImmediateProvider extends ProviderBase {
	kind: 'immediate'
	/** It makes a request's images one call each (Gemini), and takes `answered` and `onImage`. */
	answersPerImage?: boolean
	render(request: StagingRequest): Promise<ImmediateReceipt>
}

export type VariationState = 'queued' | 'rendering' | 'done' | 'error' | 'canceled'

export interface ProviderVariation {
	id: string
	state: VariationState
	/** The result's address once done (vendors' result URLs expire: download at once). */
	url?: string
	/** The vendor's creation time, in ms since the epoch (orders a render's variations). */
	createdAt: number
	/** The style the vendor was asked for, in Rendo's words (null when emptying). */
	style: Style | null
	/** What the vendor's listings show of the request it was made for (see DeferredProvider.lookOf). */
	look: string
	error?: string
}

export interface DeferredProvider extends ProviderBase {
	kind: 'deferred'
	/** Creates a render of `request.count` variations; resolves with the vendor's render id (and its ETA). */
	submit(request: StagingRequest): Promise<{ providerRenderId: string; etaSeconds?: number }>
	/** More variations on an existing render (a remodel), without uploading the photo again. */
	addVariations(providerRenderId: string, request: StagingRequest): Promise<void>
	/** The render's variations as the vendor sees them now, oldest first. */
	poll(
		providerRenderId: string,
		signal?: AbortSignal,
	): Promise<{ variations: ProviderVariation[]; etaSeconds?: number }>
	/**
	 * Renders created since `since` (ms since the epoch), newest first: after a crash between sending a
	 * submit and recording its id, the pipeline looks here before it submits again.
	 */
	recentRenders(
		since: number,
		signal?: AbortSignal,
	): Promise<Array<{ providerRenderId: string; createdAt: number; variations: ProviderVariation[] }>>
	download(url: string, signal?: AbortSignal): Promise<Buffer>
	/**
	 * What the vendor's listings show of a request (room type and style as the vendor names them):
	 * equal to `look` of the variations it makes. Two requests of one look cannot be told apart after
	 * a lost answer, so the pipeline never has two of them being submitted at once.
	 */
	lookOf(request: Pick<StagingRequest, 'roomType' | 'style'>): string
	/** The render a webhook body names, if it names one (the body is a hint, never trusted further). */
	webhookRenderId(body: unknown): string | undefined
}

export type StagingProvider = ImmediateProvider | DeferredProvider

/** A render that failed; `retryable` tells the pipeline whether trying the same input again may succeed. */
export class RenderError extends Error {
	name = 'RenderError'
	constructor(
		message: string,
		public retryable: boolean,
		options?: ErrorOptions,
	) {
		super(message, options)
	}
}

/**
 * A result link the vendor handed out answered that it is gone (an expired signature: 401, 403, 404,
 * 410). Final for that link, but not for the render: read again, the render hands out a fresh one.
 */
export class ResultLinkGoneError extends RenderError {
	name = 'ResultLinkGoneError'
	constructor(message: string) {
		super(message, false)
	}
}

/**
 * The vendor said "not now" (429, or its concurrency limit). Never a failure: the pipeline waits
 * `retryAfterMs` (the vendor's Retry-After, where it sent one) plus jitter and asks again.
 */
export class ProviderBusyError extends RenderError {
	name = 'ProviderBusyError'
	constructor(
		message: string,
		public retryAfterMs?: number,
	) {
		super(message, true)
	}
}
