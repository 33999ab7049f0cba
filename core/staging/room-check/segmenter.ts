import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { createThreadPool } from '#core/platform/thread-pool.ts'
import type { Labels } from './segment.ts'

/**
 * Segmentation on one thread per process: an inference holds 170 MB of wasm memory and a core for
 * ~0.45–0.6 s, so a second thread would double the memory to save little on two cores. The thread keeps
 * the compiled model between tasks (loading and compiling ~0.2 s).
 */
export const MODEL_FOLDER = fileURLToPath(new URL('../../../models/deeplabv3-mnv2-ade20k', import.meta.url))

type Answer = { labels: Labels | null } | { error: string }

const segmentOnThread = createThreadPool<{ image: Buffer; modelFolder: string }, Answer, Labels | null>({
	module: new URL('./segment-worker.ts', import.meta.url),
	threads: () => 1,
	read(answer) {
		if ('error' in answer) throw new Error(`The segmentation failed: ${answer.error}`)
		return answer.labels
	},
	crashed: (error) => new Error(`The segmentation's thread stopped: ${error.message}`, { cause: error }),
})

/**
 * Label maps kept by the image's sha1: the room's photo, segmented once for all its variations;
 * and the last few answers, as an edit's answer is read again by its scope check right after the
 * room check (core/staging/fit.ts), at ~0.5 s of the one segmentation thread each time.
 */
const kept = { photos: new Map<string, Promise<Labels | null>>(), answers: new Map<string, Promise<Labels | null>>() }
const KEPT = { photos: 8, answers: 4 }

/** The label map of an image, null when it is no image; `photo`: keep it for the room's next variations. */
export function labelsOf(image: Buffer, { photo = false, urgent = false } = {}): Promise<Labels | null> {
	const which = photo ? 'photos' : 'answers'
	const maps = kept[which]
	const key = createHash('sha1').update(image).digest('hex')
	let labels = maps.get(key)
	if (!labels) {
		labels = segmentOnThread({ image, modelFolder: MODEL_FOLDER }, { urgent })
		labels.catch(() => maps.delete(key))
		maps.set(key, labels)
		if (maps.size > KEPT[which]) maps.delete(maps.keys().next().value!)
	}
	return labels
}

/** The label maps of a room's photo (kept for its next variations) and of an answer to it; null when either is no image. */
export async function labelsOfPair(photo: Buffer, answer: Buffer, { urgent = false } = {}) {
	const [photoLabels, answerLabels] = await Promise.all([
		labelsOf(photo, { photo: true, urgent }),
		labelsOf(answer, { urgent }),
	])
	return photoLabels && answerLabels ? { photo: photoLabels, staged: answerLabels } : null
}
