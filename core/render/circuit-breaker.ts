import { Gauge } from 'prom-client'
import { logger } from '#core/platform/logger.ts'
import { metrics } from '#core/platform/metrics.ts'
import { ProviderBusyError } from './provider.ts'

/**
 * The vendor is down (its calls keep failing with a 5xx, a dropped connection or a timeout): this
 * process does not call it now. A ProviderBusyError, so the pipeline waits it out as it waits out a
 * 429, without spending an attempt or failing the render; `retryAfterMs` is the time to the next probe.
 */
export class VendorUnavailableError extends ProviderBusyError {
	name = 'VendorUnavailableError'
}

export interface CircuitBreakerOptions {
	/** The vendor's name, for messages, the gauge and the logs. */
	vendor: string
	/** The provider it guards, as /metrics labels it. */
	provider: string
	/** Consecutive passing failures (5xx, network errors, timeouts) that open it. */
	threshold?: number
	/** While open, one call (the probe) may go this often. */
	probeIntervalMs?: number
	/**
	 * The probe's own timeout, when shorter than the call's: a vendor that takes connections and never
	 * answers would otherwise hold the probe, and the circuit, for the call's whole timeout.
	 */
	probeTimeoutMs?: number
	now?: () => number
}

/**
 * A per-process circuit breaker in front of a vendor's API. Closed, every call goes. After
 * `threshold` passing failures in a row it opens: no call goes, each is refused at once with a
 * VendorUnavailableError, except one probe every `probeIntervalMs` (half-open: one in flight at
 * most). Any answer from the vendor (a 2xx, a 4xx, a 429: it is up) closes it, and `onClose`'s
 * listeners run (the pipeline wakes the renders that wait). Without it, each waiting render retried
 * on its own backoff: 20 renders made 4 calls a second to a vendor that was down.
 */
export class CircuitBreaker {
	private failures = 0
	private openedAt: number | undefined
	private nextProbeAt = 0
	private probing = false
	private readonly closeListeners: Array<() => void> = []
	readonly threshold: number
	readonly probeIntervalMs: number
	readonly probeTimeoutMs: number
	private readonly now: () => number

	constructor(private readonly options: CircuitBreakerOptions) {
		this.threshold = options.threshold ?? 5
		this.probeIntervalMs = options.probeIntervalMs ?? 3_000
		this.probeTimeoutMs = options.probeTimeoutMs ?? 10_000
		this.now = options.now ?? Date.now
		openCircuits().set(options.provider, this)
	}

	/** When it opened (ms since the epoch), while it is open. */
	get openSince() {
		return this.openedAt
	}

	/** While open: the refusal a call would get now (its wait runs to the next probe); else undefined. */
	unavailable(): VendorUnavailableError | undefined {
		return this.openedAt === undefined ? undefined : this.refusal()
	}

	/** Refuses at once (VendorUnavailableError) when a call now would not be let through; takes nothing. */
	check() {
		if (this.openedAt === undefined) return
		if (this.probing || this.now() < this.nextProbeAt) throw this.refusal()
	}

	/**
	 * Lets one call through, or refuses it. While open, the first call due after the probe interval
	 * is the probe; it answers with `succeeded` or `failed`, as every call does. Answers the timeout
	 * the call's attempt gets: its own, or the probe's when that is shorter.
	 */
	admit(timeoutMs: number) {
		this.check()
		if (this.openedAt === undefined) return timeoutMs
		this.probing = true
		this.nextProbeAt = this.now() + this.probeIntervalMs
		return Math.min(timeoutMs, this.probeTimeoutMs)
	}

	/** The vendor answered (any status but a 5xx): it is up. */
	succeeded() {
		this.failures = 0
		this.probing = false
		if (this.openedAt === undefined) return
		logger.warn(
			{ vendor: this.options.vendor, downForMs: this.now() - this.openedAt },
			'staging provider answers again; circuit closed',
		)
		this.openedAt = undefined
		for (const listener of this.closeListeners) listener()
	}

	/** A passing failure: a 5xx, a dropped connection, a timeout. */
	failed(reason: string) {
		this.failures++
		this.probing = false
		if (this.openedAt !== undefined) {
			this.nextProbeAt = Math.max(this.nextProbeAt, this.now() + this.probeIntervalMs)
			return
		}
		if (this.failures < this.threshold) return
		this.openedAt = this.now()
		this.nextProbeAt = this.openedAt + this.probeIntervalMs
		logger.warn(
			{ vendor: this.options.vendor, failures: this.failures, reason },
			'staging provider keeps failing; circuit open, one probe at a time',
		)
	}

	/** The call ended on the caller's side before the vendor said anything (aborted): no verdict, and a probe is free again. */
	abandoned() {
		this.probing = false
	}

	/** Runs `listener` each time the circuit closes again. */
	onClose(listener: () => void) {
		this.closeListeners.push(listener)
	}

	private refusal() {
		const since = new Date(this.openedAt!).toISOString()
		return new VendorUnavailableError(
			`${this.options.vendor} is unavailable (failing since ${since}); waiting for it to answer again`,
			Math.max(0, this.nextProbeAt - this.now()),
		)
	}
}

/**
 * rendo_vendor_circuit_open{provider}: 1 while this process's circuit for a provider is open, read
 * when scraped. A process makes its provider once; the breaker made last for a provider is the one shown.
 */
const circuitsKey = Symbol.for('rendo.vendorCircuits')
function openCircuits() {
	const holder = globalThis as typeof globalThis & { [circuitsKey]?: Map<string, CircuitBreaker> }
	if (!holder[circuitsKey]) {
		const circuits = new Map<string, CircuitBreaker>()
		holder[circuitsKey] = circuits
		new Gauge({
			name: 'rendo_vendor_circuit_open',
			help: '1 while this process does not call the staging provider because its calls kept failing (one probe every few seconds), by provider',
			labelNames: ['provider'] as const,
			registers: [metrics.registry],
			collect() {
				this.reset()
				for (const [provider, circuit] of circuits) this.set({ provider }, circuit.openSince === undefined ? 0 : 1)
			},
		})
	}
	return holder[circuitsKey]
}
