import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { config } from './config.ts'
import { threadScript } from './thread-script.ts'

/**
 * Synchronous CPU work (the local preview's grading, the room check's OpenCV) on worker threads,
 * one per CPU slot (CPU_SLOTS, the cores by default), below the event loops (nice 10 on Linux)
 * unless someone waits for it, so a web process that runs jobs inline keeps answering requests
 * meanwhile. A thread is started when first needed, stays for the next task and, while idle, does
 * not keep the process alive.
 * Tasks wait for a free thread, urgent ones before the others, each in order of arrival: a delivery
 * someone waits for passes the background work queued before it (naming what an image added, an
 * import's renders). A thread that dies takes only its own task with it; the
 * next task starts a new one. Threads run their module bundled to plain JavaScript (thread-script.ts).
 */
const entry = new URL('./thread-entry.mjs', import.meta.url)

/** Below-the-event-loops tasks now running on a pool thread, by the kernel's id of their thread. */
const runningBelow = new Set<number>()

/**
 * Someone waits for a CPU slot that bulk work holds (core/staging/fit.ts): the threads running it
 * go up to nice 0 for the rest of their task, so the slot frees at full pace instead of at nice
 * 10's share of a busy machine (priority inheritance). Each thread sets its own nice again at its
 * next task. Going up needs the privilege to (root or RLIMIT_NICE); without it nothing changes.
 */
export function hurryThreads() {
	for (const tid of runningBelow) {
		try {
			os.setPriority(tid, 0)
		} catch {}
		runningBelow.delete(tid)
	}
}

interface Queued<Task, Output> {
	task: Task
	nice: number
	resolve(output: Output): void
	reject(error: Error): void
}

export function createThreadPool<Task, Answer, Output>({
	module,
	read,
	crashed,
	threads = () => config().cpuSlots,
}: {
	/** The TypeScript module each thread runs: its exported `handle(task)` resolves to the answer. */
	module: URL
	/** How many threads at most (one per CPU slot unless the work's memory says fewer). */
	threads?: () => number
	/** The thread's answer as the caller's output (or a thrown error). */
	read(answer: Answer): Output
	/** What the caller gets when its thread died under its task. */
	crashed(error: Error): Error
}) {
	const queue: Queued<Task, Output>[] = []
	const idle: Worker[] = []
	let running = 0
	// The module as plain JavaScript, bundled when the first task comes (thread-script.ts).
	let script: Promise<URL> | undefined
	let scriptUrl: URL

	function dispatch() {
		while (queue.length > 0) {
			let worker = idle.pop()
			if (!worker) {
				if (running >= threads()) return
				worker = new Worker(entry, {
					workerData: { entry: scriptUrl.href },
					// A thread's own objects are few and short-lived (its images are buffers and wasm
					// memory): a small young generation keeps 10–30 MB less of it resident (measured
					// with the room check), at no cost to its time.
					resourceLimits: { maxYoungGenerationSizeMb: 8 },
				})
				running++
			}
			run(worker, queue.shift()!)
		}
	}

	function run(worker: Worker, { task, nice, resolve, reject }: Queued<Task, Output>) {
		let tid: number | undefined
		const settle = () => {
			if (tid !== undefined) runningBelow.delete(tid)
			worker.off('message', onMessage)
			worker.off('error', onCrash)
			worker.off('exit', onExit)
		}
		const onMessage = (message: { started: number | undefined } | { answer: Answer }) => {
			if ('answer' in message) return onAnswer(message.answer)
			tid = message.started
			if (tid !== undefined && nice > 0) runningBelow.add(tid)
		}
		const onAnswer = (answer: Answer) => {
			settle()
			worker.unref()
			idle.push(worker)
			try {
				resolve(read(answer))
			} catch (error) {
				reject(error as Error)
			}
			dispatch()
		}
		const onCrash = (error: Error) => {
			settle()
			running--
			reject(crashed(error))
			dispatch()
		}
		const onExit = (code: number) => onCrash(new Error(`its thread exited with code ${code}`))
		worker.on('message', onMessage)
		worker.once('error', onCrash)
		worker.once('exit', onExit)
		worker.ref()
		worker.postMessage({ task, nice })
	}

	/** `urgent`: someone is waiting for it, so it runs beside the event loops instead of below them (thread-entry.mjs). */
	return async (task: Task, { urgent = false } = {}) => {
		script ??= threadScript(module).catch((error) => {
			script = undefined
			throw error
		})
		scriptUrl = await script
		return new Promise<Output>((resolve, reject) => {
			const queued = { task, nice: urgent ? 0 : 10, resolve, reject }
			const firstBelow = urgent ? queue.findIndex((waiting) => waiting.nice > 0) : -1
			if (firstBelow < 0) queue.push(queued)
			else queue.splice(firstBelow, 0, queued)
			dispatch()
		})
	}
}
