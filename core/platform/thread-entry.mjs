// A pool thread's entry: runs its module (a bundle made by thread-script.ts, plain JavaScript: no
// TypeScript loader in the thread), whose `handle(task)` answers each task, at the task's priority.
import fs from 'node:fs'
import os from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'

const { handle } = await import(workerData.entry)

// Image work for a bulk import runs below the event loops (nice 10): a process's requests, polls and
// job bookkeeping, and its neighbours' on a shared machine, get a core first. Work someone is waiting
// for runs beside them (nice 0): below them it waited behind every busy process on the machine (an
// agent's first image, p95 8.7 s after the vendor's answer against 4.1 s, in the fleet bench). Linux
// keeps the nice value per thread, so only this thread moves; elsewhere it would be the whole
// process, so it is left alone there. Going back up from 10 needs the privilege to (root, or
// RLIMIT_NICE): without it the thread stays at 10.
function runAt(nice) {
	if (process.platform !== 'linux' || os.getPriority(0) === nice) return
	try {
		os.setPriority(0, nice)
	} catch {}
}

// This thread's id in the kernel, so the pool can raise the priority of the task it runs while
// someone waits behind it (thread-pool.ts hurryThreads); none off Linux or without /proc.
function kernelThreadId() {
	try {
		return Number(fs.readlinkSync('/proc/thread-self').split('/').pop())
	} catch {
		return undefined
	}
}
const tid = process.platform === 'linux' ? kernelThreadId() : undefined

parentPort.on('message', async ({ task, nice }) => {
	runAt(nice)
	parentPort.postMessage({ started: tid })
	parentPort.postMessage({ answer: await handle(task) })
})
