/**
 * The landing page's Lighthouse-style budget, against the real server (production build, embedded
 * PostgreSQL, inline worker), as an anonymous visitor:
 *  1. JavaScript the page loads: every module the HTML names (entry, manifest, modulepreloads) and
 *     their static imports, raw and gzip-compressed (what a CDN or proxy would send).
 *  2. Server response time of GET /: one visitor at a time (median and p95 of 50 requests, the
 *     figure Lighthouse's "initial server response time" audit looks at), then 10 clients for 10 s.
 *  3. POST /api/try-it-free with a 1-MB photo: response time (the render and e-mail happen in a job).
 */
import { randomUUID } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import sharp from 'sharp'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { startAppServer } from './app-server.ts'

const results: Array<[string, string, string]> = []
const report = (name: string, value: string, target = '') => {
	results.push([name, value, target])
	console.log(`${name}: ${value}${target ? `  (${target})` : ''}`)
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

function percentile(values: number[], p: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/** The JS modules a browser fetches for the page: named by the HTML, then their static imports. */
async function pageScripts(baseUrl: string, html: string) {
	const pending = [...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1])
	const seen = new Map<string, Buffer>()
	while (pending.length) {
		const url = pending.pop()!
		if (seen.has(url)) continue
		const response = await fetch(`${baseUrl}${url}`)
		if (!response.ok) throw new Error(`${url}: ${response.status}`)
		const body = Buffer.from(await response.arrayBuffer())
		seen.set(url, body)
		// Static imports only (`import"./x.js"`, `from"./x.js"`): dynamic import() loads on demand.
		for (const m of body.toString('utf8').matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g))
			pending.push(new URL(m[1], `${baseUrl}${url}`).pathname)
	}
	return seen
}

async function timeRequest(url: string, init?: RequestInit) {
	const started = performance.now()
	const response = await fetch(url, init)
	await response.arrayBuffer()
	return { ms: performance.now() - started, status: response.status }
}

const photo = await sharp(await makeRoomPhoto({ width: 1600, height: 1200, seed: 4 }))
	.jpeg({ quality: 95 })
	.toBuffer()
const server = await startAppServer({ port: 3400 + Math.floor(Math.random() * 500) * 2 })
try {
	// 1. JavaScript.
	const html = await (await fetch(`${server.url}/`)).text()
	const scripts = await pageScripts(server.url, html)
	const raw = [...scripts.values()].reduce((sum, body) => sum + body.length, 0)
	const gzipped = [...scripts].map(([url, body]) => ({
		name: url.replace(/^\/assets\//, ''),
		bytes: gzipSync(body, { level: 9 }).length,
	}))
	const gzip = gzipped.reduce((sum, file) => sum + file.bytes, 0)
	report(
		`landing page JavaScript, ${scripts.size} files (gzip)`,
		kb(gzip),
		'target ≤ 170 kB (Lighthouse mobile budget)',
	)
	report('landing page JavaScript (uncompressed)', kb(raw))
	const largest = gzipped.sort((a, b) => b.bytes - a.bytes).slice(0, 6)
	report('largest files (gzip)', largest.map((file) => `${file.name} ${kb(file.bytes)}`).join(', '))
	report('landing page HTML (gzip)', kb(gzipSync(Buffer.from(html), { level: 9 }).length))

	// 2. GET /, warm (the first request also pays for JIT and the pool).
	const cold = await timeRequest(`${server.url}/`)
	report('GET / first request after start', `${cold.ms.toFixed(1)} ms`)
	const sequential: number[] = []
	for (let i = 0; i < 50; i++) sequential.push((await timeRequest(`${server.url}/`)).ms)
	report('GET /, one visitor at a time: median', `${percentile(sequential, 50).toFixed(1)} ms`, 'target < 200 ms')
	report(
		'GET /, one visitor at a time: p95',
		`${percentile(sequential, 95).toFixed(1)} ms`,
		'target < 600 ms (Lighthouse)',
	)
	const load = await autocannon({ url: `${server.url}/`, connections: 10, duration: 10 })
	if (load.non2xx) throw new Error(`${load.non2xx} non-2xx answers under load`)
	report('GET /, 10 clients: requests/s', load.requests.average.toFixed(0))
	report('GET /, 10 clients: p50 / p99 latency', `${load.latency.p50} / ${load.latency.p99} ms`)

	// 3. The free trial's submission (ten stay under the hourly limit of one address).
	const trial: number[] = []
	for (let i = 0; i < 10; i++) {
		const form = new FormData()
		for (const [name, value] of Object.entries({
			name: 'Bench',
			email: `bench.${randomUUID()}@example.com`,
			roomType: 'kitchen',
			style: 'luxury',
		}))
			form.set(name, value)
		form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'kitchen.jpg')
		const { ms, status } = await timeRequest(`${server.url}/api/try-it-free`, { method: 'POST', body: form })
		if (status !== 201) throw new Error(`POST /api/try-it-free answered ${status}`)
		trial.push(ms)
	}
	report(
		`POST /api/try-it-free, ${kb(photo.length)} photo: median`,
		`${percentile(trial, 50).toFixed(0)} ms`,
		'target < 1 s',
	)
} finally {
	await server.stop()
}

console.log('\n| figure | value | target |\n|---|---|---|')
for (const [name, value, target] of results) console.log(`| ${name} | ${value} | ${target.replace('target ', '')} |`)
