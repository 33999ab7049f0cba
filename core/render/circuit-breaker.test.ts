import { expect, test } from 'vitest'
import { metrics } from '#core/platform/metrics.ts'
import { metricValue } from '#tests/fleet.ts'
import { CircuitBreaker, VendorUnavailableError } from './circuit-breaker.ts'
import { RenderError } from './provider.ts'
import { createRetryingFetch } from './retrying-fetch.ts'

/** A breaker on a clock the test moves. */
function breakerAt(start = 1_000_000) {
	const clock = { now: start }
	const circuit = new CircuitBreaker({
		vendor: 'Vendor',
		provider: 'breaker-test',
		threshold: 3,
		probeIntervalMs: 5_000,
		now: () => clock.now,
	})
	return { circuit, clock }
}

const refused = (circuit: CircuitBreaker) => {
	try {
		circuit.admit(30_000)
		return false
	} catch (error) {
		expect(error).toBeInstanceOf(VendorUnavailableError)
		return true
	}
}

test('it opens after the threshold of passing failures in a row, not before, and an answer in between starts the count again', () => {
	const { circuit } = breakerAt()
	circuit.failed('503')
	circuit.failed('503')
	circuit.succeeded()
	circuit.failed('503')
	circuit.failed('timeout')
	expect(circuit.openSince).toBeUndefined()
	expect(refused(circuit)).toBe(false)
	circuit.failed('503')
	expect(circuit.openSince).toBeDefined()
	expect(refused(circuit)).toBe(true)
})

test('while open, one probe per interval and one at a time; a failed probe waits a whole interval again', () => {
	const { circuit, clock } = breakerAt()
	for (let i = 0; i < 3; i++) circuit.failed('503')
	const opened = clock.now

	// Until the interval has passed, every call is refused, with the wait to the probe.
	clock.now = opened + 4_000
	const error = (() => {
		try {
			circuit.admit(30_000)
		} catch (e) {
			return e as VendorUnavailableError
		}
	})()
	expect(error?.retryAfterMs).toBe(1_000)
	expect(error?.message).toContain(new Date(opened).toISOString())

	clock.now = opened + 5_000
	// The probe, with a timeout of its own: a vendor that never answers holds it 10 s, not the call's 30.
	expect(circuit.admit(30_000)).toBe(10_000)
	expect(refused(circuit)).toBe(true) // one at a time, even when due
	clock.now += 20_000
	expect(refused(circuit)).toBe(true) // still one in flight

	circuit.failed('503')
	expect(refused(circuit)).toBe(true)
	clock.now += 4_999
	expect(refused(circuit)).toBe(true)
	clock.now += 1
	expect(refused(circuit)).toBe(false)
	// A probe the caller gave up on (aborted) frees the probe without a verdict.
	circuit.abandoned()
	expect(circuit.openSince).toBeDefined()
})

test('an answered probe closes it, runs the listeners, and every call goes again', () => {
	const { circuit, clock } = breakerAt()
	let closed = 0
	circuit.onClose(() => closed++)
	for (let i = 0; i < 3; i++) circuit.failed('503')
	clock.now += 5_000
	circuit.admit(30_000)
	circuit.succeeded()
	expect(closed).toBe(1)
	expect(circuit.openSince).toBeUndefined()
	expect(circuit.unavailable()).toBeUndefined()
	for (let i = 0; i < 10; i++) expect(circuit.admit(30_000)).toBe(30_000)
	// Two more failures do not open it again: the count started over.
	circuit.failed('503')
	circuit.failed('503')
	expect(circuit.openSince).toBeUndefined()
})

test('/metrics shows the circuit open while it is', async () => {
	const { circuit } = breakerAt()
	const gauge = async () =>
		metricValue(await metrics.registry.metrics(), 'rendo_vendor_circuit_open', { provider: 'breaker-test' })
	expect(await gauge()).toBe(0)
	for (let i = 0; i < 3; i++) circuit.failed('503')
	expect(await gauge()).toBe(1)
})

test('the retrying fetch: a vendor answering 503 gets threshold calls, then none until the probe; a 4xx or 429 counts as an answer', async () => {
	const { circuit, clock } = breakerAt()
	let calls = 0
	let status = 503
	const retryingFetch = createRetryingFetch({
		fetch: async () => {
			calls++
			return new Response('{}', { status })
		},
		maxRetries: 3,
		retryBaseMs: 1,
		requestTimeoutMs: 1_000,
		vendor: 'Vendor',
		circuit,
	})
	const get = () => retryingFetch('GET /x', 'http://vendor.test/x', {}, async () => 'ok', AbortSignal.timeout(5_000))

	// The first call retries until the third failure opens the circuit, then stops (no fourth attempt).
	await expect(get()).rejects.toSatisfy(
		(e) => e instanceof RenderError && e.retryable && !(e instanceof VendorUnavailableError),
	)
	expect(calls).toBe(3)
	for (let i = 0; i < 20; i++) await expect(get()).rejects.toBeInstanceOf(VendorUnavailableError)
	expect(calls).toBe(3)

	clock.now += 5_000
	await expect(get()).rejects.toBeInstanceOf(RenderError) // the probe, failed: not retried
	expect(calls).toBe(4)
	await expect(get()).rejects.toBeInstanceOf(VendorUnavailableError)

	clock.now += 5_000
	status = 429
	await expect(get()).rejects.toSatisfy((e) => e instanceof RenderError && e.name === 'ProviderBusyError')
	expect(circuit.openSince).toBeUndefined()
	status = 200
	expect(await get()).toBe('ok')
	expect(calls).toBe(6)
})
