import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as wait } from 'node:timers/promises'
import { ForbiddenError, InputError, NotFoundError, UnauthenticatedError, type FieldErrors } from '#core/errors.ts'
import { CommandFailed } from '../output.ts'

/**
 * Rendo's JSON API as the CLI calls it (the document is /api/openapi.json): a bearer token on
 * every request, answers parsed, refusals turned back into the core errors the local mode throws,
 * so both modes print the same messages and exit with the same codes. Waits out 429s for as long
 * as Retry-After asks; retries a request that may safely be repeated (reads, and writes made
 * idempotent by a key) when the connection drops or the server answers 502–504.
 */
export interface RequestOptions {
	body?: unknown
	/** multipart fields and one file, for uploads */
	form?: { fields: Record<string, string>; file: { field: string; path: string } }
	headers?: Record<string, string>
	/** Safe to send again after a dropped connection (reads, keyed writes). */
	retry?: boolean
	signal?: AbortSignal
	/** Answers of these statuses are returned, not thrown (the caller reads them). */
	accept?: number[]
}

const ATTEMPTS = 5
const MAX_WAIT_S = 60
// A 10 MB photo over a slow uplink; the API itself answers within seconds.
const TIMEOUT_MS = 300_000

/**
 * Waits, or stops with the signal's reason once it is aborted. Node's timer lets go of the signal
 * when the wait ends: a long `status --watch` or import waits on one Ctrl-C signal hundreds of
 * times, and each wait that left a listener on it behind kept it (and its closure) alive.
 */
const sleep = (ms: number, signal?: AbortSignal) =>
	wait(ms, undefined, { signal }).catch((error) => {
		throw signal?.aborted ? signal.reason : error
	})

/** Whether an address is this machine: plain http is fine there, and nowhere else without --insecure. */
export function isLoopbackUrl(url: URL) {
	const host = url.hostname.replace(/^\[|\]$/g, '')
	return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/** An address the CLI may send a token to: https, or http to this machine, or http anywhere with --insecure. */
export function serverUrl(value: string, { insecure = false } = {}) {
	let url: URL
	try {
		url = new URL(value)
	} catch {
		throw new InputError({ '--url': [`"${value}" is not an address like https://rendo.example`] })
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:')
		throw new InputError({ '--url': ['the address starts with https://'] })
	if (url.protocol === 'http:' && !isLoopbackUrl(url) && !insecure)
		throw new InputError({
			'--url': [
				`${url.origin} is plain http: the token would cross the network readable. Use https, or --insecure on a network you trust`,
			],
		})
	return url.origin
}

function refusal(status: number, body: { message?: string; errors?: FieldErrors }, url: string) {
	const message = body.message ?? `${status} from ${url}`
	if (status === 400 || status === 422) return new InputError(body.errors ?? {}, message)
	if (status === 401) return new UnauthenticatedError(message)
	if (status === 403) return new ForbiddenError(message)
	if (status === 404) return new NotFoundError(message)
	return new CommandFailed(`the server answered ${status}: ${message}`)
}

export class ApiClient {
	constructor(
		readonly url: string,
		private readonly token: string | null,
		private cookie: string | null = null,
	) {}

	/** A request and its Response; refusals thrown as core errors. */
	async request(method: string, route: string, options: RequestOptions = {}): Promise<Response> {
		for (let attempt = 1; ; attempt++) {
			let response: Response
			try {
				response = await fetch(`${this.url}${route}`, {
					method,
					headers: this.headers(options),
					body: await this.body(options),
					redirect: 'manual',
					signal: options.signal
						? AbortSignal.any([options.signal, AbortSignal.timeout(TIMEOUT_MS)])
						: AbortSignal.timeout(TIMEOUT_MS),
				})
			} catch (error) {
				if (options.signal?.aborted) throw error
				if (!options.retry || attempt >= ATTEMPTS)
					throw new CommandFailed(`cannot reach ${this.url}: ${(error as Error).cause ?? (error as Error).message}`)
				await sleep(backoff(attempt), options.signal)
				continue
			}
			const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0])
			if (cookie.length) this.cookie = cookie.join('; ')
			if (options.accept?.includes(response.status) || response.ok) return response
			if (response.status === 429 && attempt < ATTEMPTS) {
				await response.body?.cancel()
				await sleep(Math.min(MAX_WAIT_S, Number(response.headers.get('retry-after')) || 1) * 1000, options.signal)
				continue
			}
			if ([502, 503, 504].includes(response.status) && options.retry && attempt < ATTEMPTS) {
				await response.body?.cancel()
				await sleep(backoff(attempt), options.signal)
				continue
			}
			const text = await response.text()
			let body: { message?: string; errors?: FieldErrors } = {}
			try {
				body = JSON.parse(text)
			} catch {
				body = { message: text.slice(0, 200) || response.statusText }
			}
			throw refusal(response.status, body, `${method} ${route}`)
		}
	}

	async json<T>(method: string, route: string, options: RequestOptions = {}): Promise<T> {
		const response = await this.request(method, route, options)
		return (await response.json()) as T
	}

	get<T>(route: string, options: RequestOptions = {}) {
		return this.json<T>('GET', route, { retry: true, ...options })
	}

	private headers(options: RequestOptions) {
		const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
		if (this.token) headers.Authorization = `Bearer ${this.token}`
		if (this.cookie) headers.Cookie = this.cookie
		if (options.body !== undefined) headers['Content-Type'] = 'application/json'
		return headers
	}

	/** Made again for every attempt: a file's stream is read once. */
	private async body(options: RequestOptions) {
		if (options.body !== undefined) return JSON.stringify(options.body)
		if (!options.form) return undefined
		const form = new FormData()
		for (const [name, value] of Object.entries(options.form.fields)) form.set(name, value)
		const { field, path: file } = options.form.file
		form.set(field, await fs.openAsBlob(file, { type: imageType(file) }), path.basename(file))
		return form
	}
}

const backoff = (attempt: number) => Math.min(10_000, 500 * 2 ** (attempt - 1))

function imageType(file: string) {
	const ext = path.extname(file).toLowerCase()
	return ext === '.png' ? 'image/png' : ext === '.webp' ? 'image/webp' : 'image/jpeg'
}
