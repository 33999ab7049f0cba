// A pool thread's entry: lowers the thread's priority, then runs its module (a bundle made by
// thread-script.ts, plain JavaScript: no TypeScript loader in the thread).
import os from 'node:os'
import { workerData } from 'node:worker_threads'

// Image work runs below the event loops: a process's requests, polls and job bookkeeping (and its
// neighbours' on a shared machine) get a core first, the fitting and checking the cycles left.
// Linux keeps the nice value per thread, so only this thread is lowered; elsewhere it would be the
// whole process, so it is left alone there.
if (process.platform === 'linux') os.setPriority(0, 10)

await import(workerData.entry)
