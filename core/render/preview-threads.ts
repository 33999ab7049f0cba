import os from 'node:os'
import { Worker } from 'node:worker_threads'
import type { PreviewOutput, PreviewTask } from './local-preview.ts'
import { RenderError } from './provider.ts'

/**
 * Runs local preview renders on worker threads, one per core. Grading 12 megapixels in
 * JavaScript takes ~0.1 s; on the main thread it held up the web process (which runs jobs inline)
 * and the second render of a pair, and the pipeline cost 1.3-1.4 × the same renders done bare.
 * A thread is started when first needed and, while idle, does not keep the process alive.
 */
const THREADS = os.availableParallelism()
const entry = new URL('../platform/typescript-worker.mjs', import.meta.url)
const previewWorker = new URL('./preview-worker.ts', import.meta.url).href

interface Queued {
	task: PreviewTask
	resolve(output: PreviewOutput): void
	reject(error: Error): void
}

type Answer = { output: PreviewOutput } | { error: { message: string; retryable: boolean } }

const queue: Queued[] = []
const idle: Worker[] = []
let running = 0

export function renderOnThread(task: PreviewTask) {
	return new Promise<PreviewOutput>((resolve, reject) => {
		queue.push({ task, resolve, reject })
		dispatch()
	})
}

function dispatch() {
	while (queue.length > 0) {
		let worker = idle.pop()
		if (!worker) {
			if (running >= THREADS) return
			worker = new Worker(entry, { workerData: { entry: previewWorker } })
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
		if ('output' in answer) resolve(asBuffers(answer.output))
		else reject(new RenderError(answer.error.message, answer.error.retryable))
		dispatch()
	}
	// A thread that dies takes only its own render with it; the next render starts a new one.
	const onCrash = (error: Error) => {
		settle()
		running--
		reject(new RenderError(`The preview renderer stopped: ${error.message}`, true, { cause: error }))
		dispatch()
	}
	const onExit = (code: number) => onCrash(new Error(`its thread exited with code ${code}`))
	worker.on('message', onAnswer)
	worker.once('error', onCrash)
	worker.once('exit', onExit)
	worker.ref()
	worker.postMessage(task)
}

/** Buffers cross threads as plain Uint8Arrays. */
function asBuffers(output: PreviewOutput): PreviewOutput {
	const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	return { ...output, image: buffer(output.image), thumbnail: buffer(output.thumbnail) }
}
