import os from 'node:os'
import { Worker } from 'node:worker_threads'
import type { CheckedImage } from './types.ts'

/**
 * Room checks on worker threads, one per core, the pattern of core/render/preview-threads.ts:
 * OpenCV's wasm is synchronous, so on the main thread a check would hold up a web process that
 * runs jobs inline. A thread starts when first needed (loading OpenCV takes ~0.4 s, once per
 * thread), stays for the next check and, while idle, does not keep the process alive.
 */
const THREADS = os.availableParallelism()
const entry = new URL('../../platform/typescript-worker.mjs', import.meta.url)
const checkWorker = new URL('./worker.ts', import.meta.url).href

export interface CheckTask {
	photo: Buffer
	staged: Buffer
	furnitureMask?: Buffer
}

interface Queued {
	task: CheckTask
	resolve(output: CheckedImage): void
	reject(error: Error): void
}

type Answer = { output: CheckedImage } | { error: string }

const queue: Queued[] = []
const idle: Worker[] = []
let running = 0

export function checkOnThread(task: CheckTask) {
	return new Promise<CheckedImage>((resolve, reject) => {
		queue.push({ task, resolve, reject })
		dispatch()
	})
}

function dispatch() {
	while (queue.length > 0) {
		let worker = idle.pop()
		if (!worker) {
			if (running >= THREADS) return
			worker = new Worker(entry, { workerData: { entry: checkWorker } })
			running++
		}
		run(worker, queue.shift()!)
	}
}

function run(worker: Worker, { task, resolve, reject }: Queued) {
	const settle = () => {
		worker.off('message', onAnswer)
		worker.off('error', onCrash)
		worker.off('exit', onExit)
	}
	const onAnswer = (answer: Answer) => {
		settle()
		worker.unref()
		idle.push(worker)
		if ('output' in answer) {
			const output = answer.output
			if ('image' in output) {
				const bytes = output.image as Uint8Array
				resolve({ ...output, image: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
			} else resolve(output)
		} else reject(new Error(`The room check failed: ${answer.error}`))
		dispatch()
	}
	// A thread that dies takes only its own check with it; the next check starts a new one.
	const onCrash = (error: Error) => {
		settle()
		running--
		reject(new Error(`The room check's thread stopped: ${error.message}`, { cause: error }))
		dispatch()
	}
	const onExit = (code: number) => onCrash(new Error(`it exited with code ${code}`))
	worker.on('message', onAnswer)
	worker.once('error', onCrash)
	worker.once('exit', onExit)
	worker.ref()
	worker.postMessage(task)
}
