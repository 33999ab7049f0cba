import type { StagingRender } from '#db/schema/staging.ts'
import type { FittedImage } from './fit.ts'

/** What a purpose (the studio, a trial, a quick transform, a brochure room) does with its answer. */
export interface PurposeHandler {
	/**
	 * Stores the images where the purpose keeps them; may run again after a crash, so it must be
	 * idempotent. `unusable` says why answers that were no image of the room were left out (each
	 * leaves one slot unfilled).
	 */
	deliver(request: StagingRender, images: FittedImage[], unusable: string[]): Promise<void>
	/**
	 * One image of the answer, final (the check passed it), ahead of the rest for someone waiting
	 * on it; `deliver` later gets the whole answer with this image in it again, known by its
	 * providerImageId. Optional: without it, the answer is only handed over whole.
	 */
	deliverAhead?(request: StagingRender, image: FittedImage): Promise<void>
	/** The render failed for good: the purpose records the message its users see. */
	fail(request: StagingRender, message: string): Promise<void>
}
