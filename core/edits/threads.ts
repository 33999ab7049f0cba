import { asBuffer } from '#core/platform/thread-bytes.ts'
import { createThreadPool } from '#core/platform/thread-pool.ts'
import type { ScopeCheck } from '#core/staging/room-check/scope.ts'
import type { Labels } from '#core/staging/room-check/segment.ts'
import type { SurfaceName } from './objects.ts'
import type { Outline } from './outline.ts'
import { MaskTooLargeError } from './remove-locally.ts'
import { type Selection, UnknownObjectError } from './selection.ts'

/**
 * An edit's OpenCV work on worker threads, one per CPU slot, as the room check's (its threads.ts):
 * OpenCV's wasm is synchronous and installs process-wide handlers, so it never loads on the main
 * thread. Photos and masks cross as bytes; label maps come from the segmenter's cache.
 */
export type EditTask =
	/**
	 * The selection's mask with the surfaces' area, as a PNG at the photo's size; `local`: refused
	 * past what the local preview paints out.
	 */
	| { op: 'mask'; photo: Buffer; labels: Labels; selection: Selection; surfaces: SurfaceName[]; local: boolean }
	/** The outline of one object's mask as selectionMask makes it (selection.ts refinedOutline). */
	| { op: 'outline'; photo: Buffer; labels: Labels; object: string }
	/** The local preview's removal of what the mask (a PNG at the photo's size) covers: a JPEG. */
	| { op: 'remove'; photo: Buffer; mask: Buffer }
	/** The local preview's wall repaint: a JPEG. */
	| { op: 'repaint'; photo: Buffer; labels: Labels; colour: string }
	/** An edit's answer checked against its scope (core/staging/room-check/scope.ts). */
	| {
			op: 'check'
			photo: Buffer
			answer: Buffer
			scope:
				| { kind: 'remove'; objects: string[]; mask: Buffer }
				| { kind: 'renovate'; surfaces: Partial<Record<SurfaceName, string>> }
			labels: { photo: Labels; answer: Labels }
	  }

export type EditAnswer =
	| { output: { png: Uint8Array } | { outline: Outline } | { image: Uint8Array } | { check: ScopeCheck } }
	| { error: string; known?: string }

/** The errors that are the agent's input, rebuilt as themselves so each door says them as a 4xx. */
const KNOWN: Record<string, { prototype: Error }> = {
	[MaskTooLargeError.name]: MaskTooLargeError,
	[UnknownObjectError.name]: UnknownObjectError,
}

const editOnThread = createThreadPool<EditTask, EditAnswer, EditAnswer & { output: unknown }>({
	module: new URL('./worker.ts', import.meta.url),
	read(answer) {
		if ('output' in answer) return answer
		const known = answer.known && KNOWN[answer.known]
		if (!known) throw new Error(`The edit failed: ${answer.error}`)
		// The thread's error, as its own class again (its constructor takes what the thread had, not a message).
		throw Object.assign(Object.create(known.prototype) as Error, { message: answer.error, name: answer.known })
	},
	crashed: (error) => new Error(`The edit's thread stopped: ${error.message}`, { cause: error }),
})

type Of<Op extends EditTask['op']> = Extract<EditTask, { op: Op }>
const opts = { urgent: true }

/** The selection's mask as a PNG at the photo's size (MaskTooLargeError past the local preview's limit when `local`). */
export async function maskOnThread(task: Omit<Of<'mask'>, 'op'>) {
	const { output } = await editOnThread({ op: 'mask', ...task }, opts)
	return asBuffer((output as { png: Uint8Array }).png)
}

/** An object's outline along the photo's edges, as its edit's mask has it (UnknownObjectError for an id the photo lacks). */
export async function outlineOnThread(task: Omit<Of<'outline'>, 'op'>) {
	const { output } = await editOnThread({ op: 'outline', ...task }, opts)
	return (output as { outline: Outline }).outline
}

/** The local preview's removal or wall repaint, as a JPEG at the photo's size. */
export async function editLocallyOnThread(task: Omit<Of<'remove'>, 'op'> | Omit<Of<'repaint'>, 'op'>) {
	const { output } = await editOnThread('mask' in task ? { op: 'remove', ...task } : { op: 'repaint', ...task }, opts)
	return asBuffer((output as { image: Uint8Array }).image)
}

/** An edit's answer checked against its scope. */
export async function checkScopeOnThread(task: Omit<Of<'check'>, 'op'>, { urgent = true } = {}) {
	const { output } = await editOnThread({ op: 'check', ...task }, { urgent })
	return (output as { check: ScopeCheck }).check
}
