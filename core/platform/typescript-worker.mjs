// A worker thread's entry that can load our TypeScript: a worker does not inherit the main
// thread's module hooks (tsx), so it registers them itself, then imports workerData.entry.
import os from 'node:os'
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

// Image work runs below the event loops: a process's requests, polls and job bookkeeping (and its
// neighbours' on a shared machine) get a core first, the fitting and checking the cycles left.
// Linux keeps the nice value per thread, so only this thread is lowered; elsewhere it would be the
// whole process, so it is left alone there.
if (process.platform === 'linux') os.setPriority(0, 10)

register()
await import(workerData.entry)
