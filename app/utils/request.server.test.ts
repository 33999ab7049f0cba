import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { isCrossOrigin, rejectCrossOrigin } from './request.server.ts'

// The app's public address for the guard below (config() reads it on first use).
vi.hoisted(() => {
	process.env.APP_URL = 'https://rendo.example'
})

const request = (method: string, origin?: string) => ({ method, origin })
const at = (appUrl: string, protocol = new URL(appUrl).protocol.slice(0, -1), host = new URL(appUrl).host) => ({
	protocol,
	host,
	appUrl,
})

test('mutations from another origin are cross-origin; reads and same-origin posts are not', () => {
	const app = at('https://rendo.example')
	expect(isCrossOrigin(request('POST', 'https://evil.example'), app)).toBe(true)
	expect(isCrossOrigin(request('POST', 'null'), app)).toBe(true)
	expect(isCrossOrigin(request('POST', 'not a url'), app)).toBe(true)
	expect(isCrossOrigin(request('DELETE', 'https://rendo.example:8080'), app)).toBe(true)
	expect(isCrossOrigin(request('POST', 'https://rendo.example'), app)).toBe(false)
	expect(isCrossOrigin(request('POST'), app)).toBe(false)
	expect(isCrossOrigin(request('GET', 'https://evil.example'), app)).toBe(false)
})

test('scheme, host and port must all match the app’s origin', () => {
	// an app at https://localhost:3000 (TLS at a proxy: the request itself may arrive as http)
	for (const reached of ['https', 'http'])
		expect(isCrossOrigin(request('POST', 'http://localhost:3000'), at('https://localhost:3000', reached))).toBe(true)
	expect(isCrossOrigin(request('POST', 'https://localhost:3000'), at('https://localhost:3000', 'http'))).toBe(false)
	// an app at http://localhost:4000
	expect(isCrossOrigin(request('POST', 'http://localhost:3000'), at('http://localhost:4000'))).toBe(true)
	expect(isCrossOrigin(request('POST', 'https://localhost:4000'), at('http://localhost:4000'))).toBe(true)
	expect(isCrossOrigin(request('POST', 'http://localhost:4000'), at('http://localhost:4000'))).toBe(false)
	// an app reached under another name than APP_URL's: that name and the scheme it came in on
	expect(
		isCrossOrigin(request('POST', 'http://192.168.1.5:3000'), at('http://localhost:3000', 'http', '192.168.1.5:3000')),
	).toBe(false)
	expect(
		isCrossOrigin(request('POST', 'https://192.168.1.5:3000'), at('http://localhost:3000', 'http', '192.168.1.5:3000')),
	).toBe(true)
	expect(
		isCrossOrigin(request('POST', 'http://192.168.1.5:4000'), at('http://localhost:3000', 'http', '192.168.1.5:3000')),
	).toBe(true)
})

describe('the guard in front of Remix', () => {
	let server: http.Server
	let port: number
	beforeAll(async () => {
		const app = express()
		app.set('trust proxy', true)
		app.use(rejectCrossOrigin)
		app.all('*', (_req, res) => void res.json({ ok: true }))
		server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		port = (server.address() as AddressInfo).port
	})
	afterAll(() => new Promise((resolve) => server.close(resolve)))

	function post(headers: Record<string, string>) {
		return new Promise<number>((resolve, reject) => {
			const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login', headers }, (res) => {
				res.resume()
				resolve(res.statusCode!)
			})
			req.on('error', reject)
			req.end()
		})
	}

	test('refuses another scheme or port and lets the app’s own origin through', async () => {
		// at APP_URL (https://rendo.example), whatever the proxy says the scheme was
		expect(await post({ host: 'rendo.example', origin: 'https://rendo.example' })).toBe(200)
		expect(await post({ host: 'rendo.example', origin: 'http://rendo.example' })).toBe(403)
		expect(await post({ host: 'rendo.example', origin: 'http://rendo.example', 'x-forwarded-proto': 'http' })).toBe(403)
		expect(await post({ host: 'rendo.example', origin: 'https://rendo.example:8443' })).toBe(403)
		// at http://localhost:4000
		expect(await post({ host: 'localhost:4000', origin: 'http://localhost:4000' })).toBe(200)
		expect(await post({ host: 'localhost:4000', origin: 'http://localhost:3000' })).toBe(403)
		expect(await post({ host: 'localhost:4000', origin: 'https://localhost:4000' })).toBe(403)
		// at https://localhost:4000 behind a trusted proxy
		expect(await post({ host: 'localhost:4000', origin: 'https://localhost:4000', 'x-forwarded-proto': 'https' })).toBe(
			200,
		)
		expect(await post({ host: 'localhost:4000', origin: 'http://localhost:4000', 'x-forwarded-proto': 'https' })).toBe(
			403,
		)
		// another site, an opaque origin; no Origin at all (not a browser) still passes
		expect(await post({ host: 'rendo.example', origin: 'https://evil.example' })).toBe(403)
		expect(await post({ host: 'rendo.example', origin: 'null' })).toBe(403)
		expect(await post({ host: 'rendo.example' })).toBe(200)
	})
})
