import fs from 'node:fs'
import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { pageCompression, precompressedAssets } from './compression.server.ts'

const script = 'export const answer = 42\n'.repeat(200)
const page = `<!DOCTYPE html><html><body>${'<p>Staged in 20-30 minutes</p>'.repeat(200)}</body></html>`
let dir: string
let server: http.Server
let base: string

beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-compression-'))
	fs.writeFileSync(path.join(dir, 'entry.js'), script)
	fs.writeFileSync(path.join(dir, 'entry.js.br'), zlib.brotliCompressSync(script))
	fs.writeFileSync(path.join(dir, 'entry.js.gz'), zlib.gzipSync(script))
	fs.writeFileSync(path.join(dir, 'plain.js'), script)
	const app = express()
	app.use('/assets', precompressedAssets(dir), express.static(dir, { fallthrough: false }))
	app.get('/:kind', async (req, res) => {
		const headers = new Headers({
			'Content-Type': req.params.kind === 'page' ? 'text/html; charset=utf-8' : 'application/json',
		})
		res.setHeader('Content-Type', headers.get('Content-Type')!)
		// In pieces, as React writes a page.
		const pieces = Readable.from(page.match(/[\s\S]{1,100}/g)!)
		await pipeline([pieces, ...(pageCompression(req, res, headers) ?? []), res])
	})
	server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
	await new Promise((resolve) => server.close(resolve))
	fs.rmSync(dir, { recursive: true, force: true })
})

/** fetch decodes the body; the headers still say how it travelled. */
const get = (url: string, acceptEncoding: string) =>
	fetch(`${base}${url}`, { headers: { 'Accept-Encoding': acceptEncoding } })

test('a build asset goes out as its brotli or gzip twin, typed as the original, and decodes to it', async () => {
	// Browsers list gzip first; brotli is still preferred.
	for (const [accepted, encoding] of [
		['gzip, deflate, br, zstd', 'br'],
		['gzip', 'gzip'],
	]) {
		const response = await get('/assets/entry.js', accepted)
		expect(response.headers.get('content-encoding')).toBe(encoding)
		expect(response.headers.get('content-type')).toMatch(/^application\/javascript/)
		expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i)
		expect(await response.text()).toBe(script)
	}
})

test('a client that takes neither, or an asset without twins, gets the file as it is', async () => {
	for (const [url, accepted] of [
		['/assets/entry.js', 'identity'],
		['/assets/plain.js', 'br'],
	]) {
		const response = await get(url, accepted)
		expect(response.headers.get('content-encoding')).toBeNull()
		expect(response.headers.get('content-length')).toBe(String(script.length))
		expect(await response.text()).toBe(script)
	}
	expect((await get('/assets/missing.js', 'br')).status).toBe(404)
})

test('pages are compressed as they stream; other answers are left to their route', async () => {
	const html = await get('/page', 'gzip, deflate, br')
	expect(html.headers.get('content-encoding')).toBe('br')
	expect(await html.text()).toBe(page)
	expect((await get('/page', 'gzip')).headers.get('content-encoding')).toBe('gzip')
	expect((await get('/page', 'identity')).headers.get('content-encoding')).toBeNull()
	expect((await get('/json', 'br')).headers.get('content-encoding')).toBeNull()
})
