// A worker thread's entry that can load our TypeScript: a worker does not inherit the main
// thread's module hooks (tsx), so it registers them itself, then imports workerData.entry.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
