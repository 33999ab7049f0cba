import { getEventListeners } from 'node:events'
import { expect, test } from 'vitest'
import { InputError } from '#core/errors.ts'
import { serveOnLoopback } from '#tests/mocks/loopback.ts'
import { ApiClient, serverUrl } from './api-client.ts'

test('a token goes over https, or plain http to this machine, or elsewhere only with --insecure', () => {
	expect(serverUrl('https://rendo.example/some/path')).toBe('https://rendo.example')
	expect(serverUrl('http://localhost:3000')).toBe('http://localhost:3000')
	expect(serverUrl('http://127.0.0.7:8080')).toBe('http://127.0.0.7:8080')
	expect(serverUrl('http://[::1]:3000')).toBe('http://[::1]:3000')
	expect(() => serverUrl('http://rendo.example')).toThrow(/plain http: the token would cross the network readable/)
	expect(() => serverUrl('http://127.0.0.1.rendo.example')).toThrow(InputError)
	expect(serverUrl('http://rendo.lan', { insecure: true })).toBe('http://rendo.lan')
	expect(() => serverUrl('ftp://rendo.example')).toThrow(/starts with https/)
	expect(() => serverUrl('rendo.example')).toThrow(/is not an address like/)
})

test('a retried request leaves nothing on the signal it waited on, and stops waiting when it is aborted', async () => {
	let calls = 0
	let busy = false
	const server = await serveOnLoopback(async () => {
		if (busy) return new Response('slow down', { status: 429, headers: { 'retry-after': '60' } })
		return ++calls <= 2 ? new Response('busy', { status: 502 }) : Response.json({ ok: true })
	})
	try {
		const client = new ApiClient(server.origin, 'token')
		const interrupt = new AbortController()
		// Two 502s waited out (0.5 s, then 1 s) before the answer.
		const answer = await client.json('GET', '/api/health', { retry: true, signal: interrupt.signal })
		expect(answer).toEqual({ ok: true })
		expect(calls).toBe(3)
		expect(getEventListeners(interrupt.signal, 'abort')).toHaveLength(0)

		// A 429 asking for a minute: Ctrl-C ends the wait at once.
		busy = true
		const started = performance.now()
		const waiting = client.request('GET', '/api/health', { signal: interrupt.signal })
		setTimeout(() => interrupt.abort(new Error('interrupted')), 100)
		await expect(waiting).rejects.toThrow('interrupted')
		expect(performance.now() - started).toBeLessThan(10_000)
	} finally {
		await server.close()
	}
})
