import { setTimeout as sleep } from 'node:timers/promises'
import { logger } from '#core/platform/logger.ts'
import type { CircuitBreaker } from './circuit-breaker.ts'
import { ProviderBusyError, RenderError } from './provider.ts'

export interface RetryOptions {
	fetch: typeof globalThis.fetch
	/** Retries after the first attempt, so at most maxRetries + 1 requests. */
	maxRetries: number
	/** The first retry waits about this long, doubling each time, unless the answer says Retry-After. */
	retryBaseMs: number
	/** One attempt, answer body included. */
	requestTimeoutMs: number
	/** The vendor's name, for messages. */
	vendor: string
	/** This process's breaker for the vendor: each attempt asks it first and tells it how it went. */
	circuit?: CircuitBreaker
}

/** Turns a successful answer into a value; throw a RenderError for an answer that retrying will not fix. */
export type ReadAnswer<T> = (response: Response) => Promise<T>

/**
 * fetch with the retry policy of a paid, rate-limited API: 5xx, network errors and per-attempt
 * timeouts are retried with exponential backoff and jitter; a 429 is a ProviderBusyError at once
 * (with its Retry-After), so the staging pipeline waits it out without holding a job; any other 4xx
 * fails at once. Reading the body is part of the attempt, so a connection dropped mid-body is
 * retried too. `signal` bounds the whole exchange, waits included; once it aborts, nothing is retried.
 * With a `circuit`, a call it refuses (the vendor kept failing) is a VendorUnavailableError at once,
 * a wait like a 429's, and a call that failed is not retried while it is open.
 */
export function createRetryingFetch(options: RetryOptions) {
	return async function retryingFetch<T>(
		what: string,
		url: string,
		init: RequestInit,
		read: ReadAnswer<T>,
		signal: AbortSignal,
	): Promise<T> {
		const { circuit } = options
		for (let attempt = 0; ; attempt++) {
			let failure: string
			const timeoutMs = circuit ? circuit.admit(options.requestTimeoutMs) : options.requestTimeoutMs
			try {
				const attemptSignal = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
				const response = await options.fetch(url, { ...init, signal: attemptSignal })
				if (response.status < 500) circuit?.succeeded()
				if (response.ok) return await read(response)
				const detail = await errorDetail(response)
				if (response.status === 429)
					throw new ProviderBusyError(
						`${options.vendor} is rate limiting: ${detail}`,
						parseRetryAfter(response.headers.get('retry-after')),
					)
				if (response.status < 500)
					throw new RenderError(`${options.vendor} refused ${what}: ${response.status} ${detail}`, false)
				failure = `${response.status} ${detail}`
			} catch (error) {
				if (signal.aborted) circuit?.abandoned()
				if (error instanceof RenderError || signal.aborted) throw error
				failure = error instanceof Error ? error.message : String(error)
			}
			circuit?.failed(failure)
			if (attempt >= options.maxRetries || circuit?.unavailable())
				throw new RenderError(
					`${options.vendor} failed ${what}${attempt ? ` after ${attempt + 1} attempts` : ''}: ${failure}`,
					true,
				)
			const delayMs = backoff(options.retryBaseMs, attempt)
			logger.warn({ what, attempt: attempt + 1, failure, delayMs }, 'staging provider request failed; retrying')
			await sleep(delayMs, undefined, { signal })
		}
	}
}

// Equal jitter: at least half the exponential delay, so retries back off, plus a random half, so
// workers that failed together do not retry together.
export function backoff(baseMs: number, attempt: number) {
	const delay = baseMs * 2 ** attempt
	return delay / 2 + Math.random() * (delay / 2)
}

/** Retry-After in milliseconds: delay-seconds (decimals tolerated) or an HTTP date. */
export function parseRetryAfter(header: string | null): number | undefined {
	if (header === null || header.trim() === '') return undefined
	const seconds = Number(header)
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
	const date = Date.parse(header)
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

async function errorDetail(response: Response) {
	const text = await response.text().catch(() => '')
	return text.trim().slice(0, 300) || response.statusText
}
