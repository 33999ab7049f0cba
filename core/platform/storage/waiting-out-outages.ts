import { AsyncLocalStorage } from 'node:async_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { unavailableDependency } from '../unavailable.ts'
import type { Storage } from './storage.ts'

/** How long work marked patient (a job) waits for an unreachable object store, trying each second. */
const patience = new AsyncLocalStorage<{ untilMs: number }>()

/**
 * Runs `work` with storage calls that wait out an unreachable object store for up to `ms`, trying
 * again each second: jobs (a render's delivery, a brochure), which nobody watches at a screen. A
 * job that failed instead would be backed off by graphile-worker (e^attempts seconds: after a
 * 30 s outage the next try came up to a minute later) and spend its few attempts, so a longer
 * outage lost renders. A web request is not patient: its uploader gets a 503 at once.
 */
export function waitingOutStorageOutages<T>(ms: number, work: () => T): T {
	return patience.run({ untilMs: ms }, work)
}

/** `storage` whose calls, inside waitingOutStorageOutages, are tried again while the store is unreachable. */
export function patientStorage(storage: Storage): Storage {
	async function retried<T>(call: () => Promise<T>, repeatable = true): Promise<T> {
		const patient = patience.getStore()
		const deadline = patient && repeatable ? Date.now() + patient.untilMs : 0
		for (;;) {
			try {
				return await call()
			} catch (error) {
				if (unavailableDependency(error) !== 'storage' || Date.now() > deadline) throw error
				await sleep(1_000)
			}
		}
	}
	return {
		// A stream is read once: only a Buffer can be sent again.
		put: (key, body, opts) => retried(() => storage.put(key, body, opts), Buffer.isBuffer(body)),
		get: (key) => retried(() => storage.get(key)),
		exists: (key) => retried(() => storage.exists(key)),
		delete: (key) => retried(() => storage.delete(key)),
		deletePrefix: (prefix) => retried(() => storage.deletePrefix(prefix)),
		signedUrl: (key, ttlSeconds) => storage.signedUrl(key, ttlSeconds),
	}
}
