import { config } from '#core/platform/config.ts'
import { metrics } from '#core/platform/metrics.ts'
import { sharp } from '#core/platform/sharp.ts'
import { hurryThreads } from '#core/platform/thread-pool.ts'
import { coverPhotoSize, encodeRenditions, type Rendition, SHARP_INPUT_OPTIONS } from '#core/render/jpeg.ts'
import { RenderError, type StagedImage } from '#core/render/provider.ts'
import type { Photo } from './images.ts'
import { BULK_PRIORITY } from './request.ts'
import { checkScopeOnThread } from '#core/edits/threads.ts'
import type { RequestEdit } from './edit-scope.ts'
import { checkStagedImage } from './room-check/index.ts'
import { labelsOfPair } from './room-check/segmenter.ts'
import type { RoomCheck } from './room-check/types.ts'

/** A staged image ready for the gallery: exactly the photo's size, its smaller copies, and its room check. */
export interface FittedImage {
	image: Buffer
	/** the photo's size, so the image's too */
	width: number
	height: number
	/** the thumbnail and the larger copies screens choose from (core/render/rendition-sizes.ts) */
	renditions: Rendition[]
	providerImageId?: string
	/** What the room check found; null when it did not run (ROOM_CHECK=off). */
	check: RoomCheck | null
	/**
	 * The vendor's own image, when the check passed it without segmenting it (room-check/index.ts):
	 * what it added to the room is named from it afterwards, by a job (core/studio/name-contents.ts),
	 * as the check would have named it; its contents are null until then. Null otherwise.
	 */
	answerToName: Buffer | null
}

/** A vendor answer that is no image of the room (blank, one colour, undecodable, wildly wrong-sized). */
export interface UnusableImage {
	failed: string
	providerImageId?: string
}

export const isFitted = (image: FittedImage | UnusableImage): image is FittedImage => 'image' in image

// Decoding and re-encoding a 12 MP image is CPU work: one per CPU slot, however many vendor renders
// arrive together, so a burst of results never starves the web process that runs jobs inline.
// Waiting work goes by the render's priority (0 someone waits for it, 2 a bulk import), then in
// order: an agent's image is not fitted behind a thousand imported ones.
let busy = 0
let arrivals = 0
const waiting: Array<{ priority: number; order: number; start: () => void }> = []

async function onCpuSlot<T>(priority: number, work: () => Promise<T>): Promise<T> {
	if (busy >= config().cpuSlots) {
		// Bulk work on the slots would finish at nice 10's share of a busy machine while this waits.
		if (priority < BULK_PRIORITY) hurryThreads()
		await new Promise<void>((start) => {
			const entry = { priority, order: arrivals++, start }
			const at = waiting.findIndex((w) => w.priority > priority)
			waiting.splice(at === -1 ? waiting.length : at, 0, entry)
		})
	} else busy++
	try {
		return await work()
	} finally {
		const next = waiting.shift()
		if (next) next.start()
		else busy--
	}
}

/** The local preview only colour-grades the photo itself: nothing in the room can have moved. */
const PREVIEW_CHECK: RoomCheck = { verdict: 'ok', regions: [], note: null, residualPx: 0, contents: null }

/**
 * Makes a vendor's image line up with the photo pixel for pixel, on one of the CPU slots. With
 * the room check (`check: 'vendor'`) the image is aligned onto the photo by matched features and
 * checked for changed walls, windows, doors, floors and ceilings (core/staging/room-check), an
 * answer that is no image of the room coming back as unusable; without it (the local preview, or
 * ROOM_CHECK=off) it is scaled to cover the photo's size and cropped from the centre where the
 * vendor reframed. An image that is already the photo's size and a JPEG is kept byte for byte.
 */
export function fitToPhoto(
	staged: StagedImage,
	photo: Photo,
	{ check, scope, priority = 0 }: { check: 'vendor' | 'preview' | 'off'; scope?: RequestEdit; priority?: number },
): Promise<FittedImage | UnusableImage> {
	return onCpuSlot(priority, async () => {
		const fitted = await fitImage(staged, photo, check, priority)
		// An edit's answer is checked against what was asked (the room check would flag the walls it
		// was asked to repaint); the local preview's too, as its removal and repaint are real edits.
		if (!scope || !isFitted(fitted) || check === 'off') return fitted
		// An edit says what was done in its note: nothing to name afterwards.
		return { ...fitted, check: await checkEdit(photo, staged.bytes, fitted, scope, priority), answerToName: null }
	})
}

/**
 * An edit's answer read against its scope (core/staging/room-check/scope.ts) as a room check: 'ok'
 * with what was done as its note ("Removed: a lamp and a plant; nothing else changed"), or 'check'
 * with what went beyond it, so it is flagged and offered again free as a room check's flag is.
 * The vendor's own image is read, not the fitted one: the check aligns it itself and knows what
 * lies outside the vendor's frame, where the fitted image of a reframed answer has black bands
 * that would read as the ceiling and floor changed.
 */
async function checkEdit(
	photo: Photo,
	answer: Buffer,
	fitted: FittedImage,
	scope: RequestEdit,
	priority: number,
): Promise<RoomCheck> {
	const urgent = priority < BULK_PRIORITY
	const labels = await labelsOfPair(photo.bytes, answer, { urgent })
	if (!labels) return { ...UNCHECKED, note: 'The edited image could not be read to check it' }
	const asked =
		scope.kind === 'remove'
			? { kind: 'remove' as const, objects: scope.objects, mask: scope.mask }
			: { kind: 'renovate' as const, surfaces: Object.fromEntries(scope.surfaces.map((s) => [s.name, s.becomes])) }
	const { verdict, sentences } = await checkScopeOnThread(
		{ photo: photo.bytes, answer, scope: asked, labels: { photo: labels.photo, answer: labels.staged } },
		{ urgent },
	)
	return {
		verdict: verdict === 'ok' ? 'ok' : 'check',
		regions: [],
		note: sentences.join('. '),
		residualPx: fitted.check?.residualPx ?? null,
		contents: null,
	}
}

const UNCHECKED: RoomCheck = { verdict: 'check', regions: [], note: null, residualPx: null, contents: null }

async function fitImage(
	staged: StagedImage,
	photo: Photo,
	check: 'vendor' | 'preview' | 'off',
	priority: number,
): Promise<FittedImage | UnusableImage> {
	const started = performance.now()
	const providerImageId = staged.providerImageId
	const size = { width: photo.width, height: photo.height }
	if (check === 'vendor') {
		const checked = await checkStagedImage(photo.bytes, staged.bytes, { urgent: priority < BULK_PRIORITY })
		if ('failed' in checked) return { failed: checked.failed, providerImageId }
		const renditions = await encodeRenditions(sharp(checked.image), photo)
		metrics.imageFitDuration.observe({ resized: 'aligned' }, (performance.now() - started) / 1000)
		const { check } = checked
		const answerToName = check.verdict === 'ok' && check.contents === null ? staged.bytes : null
		return { image: checked.image, ...size, renditions, providerImageId, check, answerToName }
	}
	const decoded = sharp(staged.bytes, SHARP_INPUT_OPTIONS)
	const { format, width, height } = await decoded.metadata().catch((error: unknown) => {
		throw new RenderError(`The staging provider's image could not be read: ${(error as Error).message}`, false)
	})
	const ready = format === 'jpeg' && width === photo.width && height === photo.height
	const image = ready ? staged.bytes : await coverPhotoSize(decoded.clone(), photo)
	const renditions = (ready && staged.renditions) || (await encodeRenditions(sharp(image), photo))
	metrics.imageFitDuration.observe({ resized: String(!ready) }, (performance.now() - started) / 1000)
	return {
		image,
		...size,
		renditions,
		providerImageId,
		check: check === 'preview' ? PREVIEW_CHECK : null,
		answerToName: null,
	}
}
