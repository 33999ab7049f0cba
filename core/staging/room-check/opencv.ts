import type { EventEmitter } from 'node:events'
import { createRequire } from 'node:module'

/**
 * OpenCV's WebAssembly build (@techstark/opencv-js 4.5.2, which ships the official opencv.js of
 * OpenCV 4.5.1), loaded once per thread. Facts about this build, checked on Node 20:
 * - `require` returns the Emscripten Module at once, but its functions exist only after
 *   `onRuntimeInitialized` fires (~0.4 s, the 7.7 MB file embeds its wasm, so no network).
 * - The Module has a `then` that calls back with the Module itself, so `await cv` (or returning
 *   it from an async function) loops forever resolving a thenable: wait on onRuntimeInitialized
 *   and hand out the Module with `then` removed.
 * - It has ORB, AKAZE, BRISK, BFMatcher.knnMatch (DMatchVectorVector), findHomography,
 *   estimateAffine2D (RANSAC, refined by Levenberg–Marquardt on the inliers), warpAffine,
 *   warpPerspective, Canny, Sobel, cvtColor; it has NO estimateAffinePartial2D, no
 *   invertAffineTransform and no phaseCorrelate. Built without SIMD or threads.
 * - Every Mat and vector lives on the wasm heap: `.delete()` each one. `mat.data` is a getter that
 *   makes a new view on each read: read it once before a loop.
 * - Loading it in Node adds process-wide uncaughtException/unhandledRejection handlers (rethrow,
 *   abort); they are removed again here.
 */
// biome-ignore lint/suspicious/noExplicitAny: opencv.js is one untyped Emscripten module
export type OpenCv = any

let loading: Promise<{ cv: OpenCv }> | undefined

export function loadOpenCv(): Promise<{ cv: OpenCv }> {
	loading ??= new Promise((resolve, reject) => {
		// In Node, opencv.js adds process handlers that rethrow any uncaught exception from inside its
		// one 7.7 MB line (printing all of it) and abort the wasm on any unhandled rejection: the
		// process's own handling must stay as it was.
		const emitter = process as unknown as EventEmitter
		const events = ['uncaughtException', 'unhandledRejection']
		const before = events.map((event) => new Set(emitter.listeners(event)))
		const cv = createRequire(import.meta.url)('@techstark/opencv-js')
		events.forEach((event, i) => {
			for (const listener of emitter.listeners(event))
				if (!before[i].has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void)
		})
		const ready = () => {
			delete cv.then
			resolve({ cv })
		}
		if (typeof cv.Mat === 'function') ready()
		else cv.onRuntimeInitialized = ready
		setTimeout(() => reject(new Error('OpenCV did not start within 20 s')), 20_000).unref()
	})
	return loading
}

/** Registers an OpenCV object (Mat, vector, matcher) to be deleted when the work it was made for ends. */
export type Keep = <T extends { delete(): void }>(x: T) => T

/** Runs `work` with a `keep` for its wasm-heap objects and deletes them all when it ends, however it ends. */
export function disposing<R>(work: (keep: Keep) => R): R {
	const trash: { delete(): void }[] = []
	try {
		return work((x) => {
			trash.push(x)
			return x
		})
	} finally {
		for (const x of trash) x.delete()
	}
}
