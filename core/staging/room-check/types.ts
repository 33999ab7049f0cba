import type { Contents } from './regions.ts'

export type RoomCheckVerdict = 'ok' | 'check' | 'unaligned'

export interface ChangedRegion {
	/** Fractions 0..1 of the photo's width and height. */
	x: number
	y: number
	width: number
	height: number
	kind: 'structure' | 'surface' | 'opening' | 'room'
}

export interface RoomCheck {
	verdict: RoomCheckVerdict
	regions: ChangedRegion[]
	/**
	 * What a person should look at, e.g. 'A window on the left is gone'; on an ok answer null, or what
	 * its frame leaves out of the photo ('The staged image is cropped: it leaves out the top 6 % of the photo').
	 */
	note: string | null
	/** Median reprojection error of the inlier matches after alignment, in the photo's full-size pixels; null when unaligned, or lined up by lightness (no matches). */
	residualPx: number | null
	/** What the answer added to the room and took away, by the segmentation; null when not segmented or unaligned. */
	contents: Contents | null
}

export type CheckedImage =
	| {
			/** A JPEG exactly the photo's width×height: the staged image warped onto the photo, or centre-cropped when unaligned. */
			image: Buffer
			check: RoomCheck
	  }
	| {
			/** Why the staged answer is no usable image (blank, single-colour, undecodable, wildly wrong-sized). */
			failed: string
	  }

export interface CheckOptions {
	/** A PNG mask, white where the vendor says it added furniture (Virtual Staging AI's furniture analysis). */
	furnitureMask?: Buffer
	/** Someone is waiting for it: it runs beside the event loops, not below them (core/platform/thread-entry.mjs). */
	urgent?: boolean
}
