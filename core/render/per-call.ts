import { setMaxListeners } from 'node:events'
import { setTimeout as sleep } from 'node:timers/promises'
import { logger } from '#core/platform/logger.ts'
import { type CircuitBreaker, VendorUnavailableError } from './circuit-breaker.ts'
import { ProviderBusyError, RenderError } from './provider.ts'
import { backoff } from './retrying-fetch.ts'

/**
 * The cap on vendor calls in flight from this process (RENDER_CONCURRENCY), shared by every render's
 * calls. The vendor pool runs RENDER_CONCURRENCY jobs, but a vendor that answers one image a call makes
 * a render's three calls side by side, so counting jobs let three times the cap reach the vendor; and a
 * call waiting out a 429 must not hold a slot while it waits, or the cap would idle. So a slot is held
 * for exactly as long as a request is at the vendor: taken just before it is sent, given back when its
 * answer (or failure) is in, retries taking a slot of their own. Waiters are served in arrival order, so
 * a render that started first is not starved by later ones. (No direct dependency offers a semaphore;
 * p-limit is only in node_modules through others.)
 */
export class CallSlots {
	#inFlight = 0
	readonly #waiting: Array<() => void> = []

	/**
	 * With a `circuit` (the vendor's, core/render/circuit-breaker.ts), every call is also one the
	 * breaker lets through or refuses, and whose outcome it hears: a retryable RenderError (5xx,
	 * network, timeout) is a failure, any other answer (an image, a refusal, a 429) says the vendor is up.
	 */
	constructor(
		readonly size: number,
		private readonly circuit?: CircuitBreaker,
	) {}

	get inFlight() {
		return this.#inFlight
	}

	/** Runs `call` once a slot is free, holding the slot until it settles; `signal` gives up the wait. */
	async run<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
		await this.#take(signal)
		try {
			// While the vendor is down this refuses at once (VendorUnavailableError), but for the probe.
			this.circuit?.admit(Number.POSITIVE_INFINITY)
			const value = await call()
			this.circuit?.succeeded()
			return value
		} catch (error) {
			this.#hear(error)
			throw error
		} finally {
			this.#inFlight--
			this.#waiting.shift()?.()
		}
	}

	/** Tells the circuit what a call that failed says of the vendor. */
	#hear(error: unknown) {
		const circuit = this.circuit
		// Refused by the circuit itself: no call was made.
		if (!circuit || error instanceof VendorUnavailableError) return
		if (error instanceof RenderError && error.retryable && !(error instanceof ProviderBusyError))
			return circuit.failed(error.message)
		// A refusal or a 429: the vendor answered.
		if (error instanceof RenderError) return circuit.succeeded()
		// Ended on our side (the caller's signal) before the vendor said anything.
		circuit.abandoned()
	}

	#take(signal?: AbortSignal): Promise<void> {
		signal?.throwIfAborted()
		if (this.#inFlight < this.size && this.#waiting.length === 0) {
			this.#inFlight++
			return Promise.resolve()
		}
		return new Promise((resolve, reject) => {
			const granted = () => {
				signal?.removeEventListener('abort', gaveUp)
				this.#inFlight++
				resolve()
			}
			const gaveUp = () => {
				const at = this.#waiting.indexOf(granted)
				if (at >= 0) this.#waiting.splice(at, 1)
				reject(signal!.reason)
			}
			this.#waiting.push(granted)
			signal?.addEventListener('abort', gaveUp, { once: true })
		})
	}
}

export interface PerCallRetries {
	/** The vendor's name, for messages. */
	vendor: string
	slots: CallSlots
	/** Retries of one call after a failure that may pass (5xx, 408, network, timeouts, a broken body). */
	retries: number
	/** Retries of one call the vendor refused with 429, each after its Retry-After (plus jitter). */
	busyRetries: number
	/** The first back-off where the vendor said nothing of when to come back, doubling each time. */
	retryBaseMs: number
	/**
	 * The longest Retry-After waited out inside the render. A longer one (or 429s past busyRetries)
	 * goes back to the pipeline as ProviderBusyError, which waits without holding a job.
	 */
	maxBusyWaitMs: number
}

/**
 * A render made of `count` vendor calls that each answer one image (Gemini): the calls go side by side,
 * each within the cap (CallSlots), and each call's 429 or passing failure is retried alone, after the
 * vendor's Retry-After or a back-off, both with jitter so calls refused together do not come back
 * together. A failure never aborts a sibling in flight: the vendor would finish and bill it anyway, and
 * its answer is kept; siblings not yet sent are not sent once the render is lost. The render fails only
 * after every call in flight has settled, with the most final of the failures (a refusal a retry will not
 * change, then a failure that may pass, then "busy"), so the pipeline decides as before: fail, retry the
 * job, or wait out the vendor. `call` makes one attempt (the adapter may ask again inside it for a 200 it
 * cannot use, such as Gemini's answer without an image: that is one call at a time, in the slot) and
 * throws ProviderBusyError for a 429, a retryable RenderError for what may pass, anything else as final.
 * `signal` is the caller's (a worker shutting down): it stops everything, calls in flight included.
 * Each answer is handed to `onAnswer` as it arrives, so the pipeline stores it and a render that failed
 * (or a process killed) is asked again only for the images it lacks (`answered`).
 */
export async function callEach<T>(
	count: number,
	call: (offset: number, signal: AbortSignal) => Promise<T>,
	options: PerCallRetries,
	signal: AbortSignal = new AbortController().signal,
	{
		answered,
		onAnswer,
	}: {
		/** Answers an earlier attempt received (by offset): not asked for again. */
		answered?: ReadonlyMap<number, T>
		/** Hands each answer over as it arrives (to be stored), before the render goes on. */
		onAnswer?: (offset: number, value: T) => Promise<void>
	} = {},
): Promise<T[]> {
	// Ends the waits (for a slot, a back-off) of siblings once the render is lost, never a call in flight.
	const lost = new AbortController()
	const waits = AbortSignal.any([signal, lost.signal])
	// Each call listens on it while it waits (for a slot, or out a back-off) and lets go after: at most
	// `count` at once, which Node takes for a leak past 10 (a render of a dozen images on one slot).
	setMaxListeners(Math.max(10, count), waits)

	async function one(offset: number): Promise<T> {
		let failures = 0
		let busy = 0
		/** How long to wait before this call is tried again, or throws when it is not to be. */
		function retryIn(error: unknown): number {
			if (signal.aborted) throw signal.reason
			if (lost.signal.aborted) throw lost.signal.reason
			if (error instanceof ProviderBusyError) {
				const wait = error.retryAfterMs ?? backoff(options.retryBaseMs, busy)
				if (busy >= options.busyRetries || wait > options.maxBusyWaitMs) throw error
				busy++
				// Retry-After is the earliest the vendor wants us back: the jitter only ever adds to it.
				return wait + Math.random() * Math.max(options.retryBaseMs, wait / 10)
			}
			if (!(error instanceof RenderError && error.retryable)) throw error
			if (failures >= options.retries)
				throw new RenderError(`${options.vendor} failed after ${failures + 1} attempts: ${error.message}`, true, {
					cause: error,
				})
			return backoff(options.retryBaseMs, failures++)
		}
		for (;;) {
			const attempt = await options.slots.run(async (): Promise<Attempt<T>> => {
				// A sibling failed for good while this call waited for its slot: it is not sent.
				waits.throwIfAborted()
				try {
					return { answered: true, value: await call(offset, signal) }
				} catch (error) {
					try {
						return { answered: false, error: error as Error, delayMs: retryIn(error) }
					} catch (final) {
						// Decided before the slot is given back, so no sibling waiting for it is sent meanwhile.
						if (!signal.aborted) lost.abort(final)
						throw final
					}
				}
			}, waits)
			if (attempt.answered) return attempt.value
			const { error, delayMs } = attempt
			logger.warn(
				{ vendor: options.vendor, offset, failure: error.message, busy, failures, delayMs: Math.round(delayMs) },
				`${options.vendor} call failed; retrying it alone`,
			)
			await sleep(delayMs, undefined, { signal: waits }).catch(() => {
				throw signal.aborted ? signal.reason : lost.signal.reason
			})
		}
	}

	const settled = await Promise.allSettled(
		Array.from({ length: count }, async (_, offset) => {
			const earlier = answered?.get(offset)
			if (earlier !== undefined) return earlier
			return one(offset)
				.then(async (value) => {
					await onAnswer?.(offset, value)
					return value
				})
				.catch((error: unknown) => {
					// The render is lost once a call failed for good: siblings waiting are not sent (nothing paid).
					if (!lost.signal.aborted) lost.abort(error)
					throw error
				})
		}),
	)
	if (signal.aborted) throw signal.reason
	const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
	if (failures.length) throw mostFinal(failures)
	return settled.map((result) => (result as PromiseFulfilledResult<T>).value)
}

type Attempt<T> = { answered: true; value: T } | { answered: false; error: Error; delayMs: number }

/** A refusal no retry changes, else a failure that may pass, else the vendor's "not now". */
function mostFinal(failures: unknown[]) {
	const rank = (error: unknown) =>
		error instanceof ProviderBusyError ? 2 : error instanceof RenderError && error.retryable ? 1 : 0
	return failures.reduce((worst, error) => (rank(error) < rank(worst) ? error : worst))
}
