/**
 * The bulk download's figures against the real server (embedded PostgreSQL, inline worker,
 * local storage): a ZIP of 60 final images of 3 MB each.
 *  1. time to the first byte of the ZIP, total time and throughput, beside reading the same 60
 *     files straight from disk in this process;
 *  2. growth of the web process's peak RSS while it streams the ZIP to a fast client, and to a
 *     slow one (about 40 MB/s), where only backpressure keeps the ZIP out of memory;
 *  3. that entries are stored, not deflated (the ZIP is the images' size plus headers).
 * The 60 images are made the product's way (4 rooms × 5 styles × 3 variations, favourited,
 * completed in invoice mode), then their files are replaced by 3 MB JPEGs, since rendering sixty
 * 3 MB photos would time the renderer, not the download.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { memoryOf, resetPeakMemory, startAppServer } from './app-server.ts'
import { signUp } from '#tests/studio-client.ts'

const IMAGE_BYTES = 3 * 1024 * 1024
const STYLES = ['modern', 'luxury', 'scandinavian', 'industrial', 'farmhouse']
const SLOW_CLIENT_BYTES_PER_SECOND = 40 * 1024 * 1024
const ROUNDS = 3

const results: Array<[string, string, string]> = []
const report = (name: string, value: string, target = '') => {
	results.push([name, value, target])
	console.log(`${name}: ${value}${target ? `  (${target})` : ''}`)
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const mb = (bytes: number) => bytes / 1024 / 1024

/** A camera-like JPEG of at least 3 MB (fine noise keeps JPEG from shrinking it). */
async function threeMegabyteJpeg() {
	for (let side = 1400; ; side += 100) {
		const noise = Buffer.alloc(side * side * 3)
		for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0
		const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
			.jpeg({ quality: 92 })
			.toBuffer()
		if (jpeg.length >= IMAGE_BYTES) return jpeg
	}
}

/** Reads a response body to the end, optionally no faster than `bytesPerSecond`; times the first byte. */
async function drain(response: Response, started: number, bytesPerSecond?: number) {
	const reader = response.body!.getReader()
	let firstByteMs = 0
	let bytes = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		if (!bytes) firstByteMs = performance.now() - started
		bytes += value.length
		if (bytesPerSecond) {
			const due = started + (bytes / bytesPerSecond) * 1000
			const wait = due - performance.now()
			if (wait > 0) await sleep(wait)
		}
	}
	return { firstByteMs, bytes, totalMs: performance.now() - started }
}

const server = await startAppServer({ port: 3400 + Math.floor(Math.random() * 500) * 2 })
try {
	const client = await signUp(server.url)
	const call = async (method: string, url: string, body?: unknown) => {
		const response = await fetch(`${server.url}${url}`, {
			method,
			headers: { cookie: client.cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
			body: body === undefined ? undefined : JSON.stringify(body),
		})
		if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
		return response
	}

	// 60 final images, made as the product makes them.
	const project = await client.createProject('60 Download Drive, Leeds LS1 4AP')
	const photo = await makeRoomPhoto({ width: 640, height: 480 })
	for (const roomType of ['kitchen', 'living', 'bedroom', 'bathroom']) {
		const { roomId } = await client.upload(project.id, photo, roomType)
		for (const style of STYLES) await client.process(roomId, style)
	}
	let variations: Array<{ id: string; status: string }> = []
	while (variations.length < 60 || variations.some((v) => v.status === 'pending')) {
		await sleep(200)
		variations = (await client.variations(project.id)) as typeof variations
	}
	for (const v of variations)
		await call('POST', `/api/property-studio/variations/${v.id}/favorite`, { isFavorite: true })
	await call('POST', `/api/property-studio/projects/${project.id}/complete`, { watermarkingEnabled: false })
	let assets: Array<{ id: string }> = []
	for (;;) {
		const response = await fetch(`${server.url}/api/property-studio/projects/${project.id}/downloads`, {
			headers: { cookie: client.cookie },
		})
		if (response.status === 200) {
			assets = await response.json()
			break
		}
		await sleep(200)
	}
	if (assets.length !== 60) throw new Error(`expected 60 assets, got ${assets.length}`)

	// Their files become 3 MB JPEGs (the local storage keeps a file per key under DATA_DIR/files).
	const jpeg = await threeMegabyteJpeg()
	const files = assets.map((a) => path.join(server.dataDir, 'files', 'variations', a.id, 'full.jpg'))
	for (const file of files) fs.writeFileSync(file, jpeg)
	const totalImageBytes = jpeg.length * files.length
	console.log(`60 images of ${mb(jpeg.length).toFixed(2)} MB: ${mb(totalImageBytes).toFixed(0)} MB in all`)

	// The disk's pace for the same files, read in turn as the ZIP reads them (best of 3: the
	// machine is shared, and both figures are taken the same way).
	let diskMs = Infinity
	for (let round = 0; round < ROUNDS; round++) {
		const started = performance.now()
		for (const file of files) for await (const chunk of fs.createReadStream(file)) void chunk
		diskMs = Math.min(diskMs, performance.now() - started)
	}
	const diskRate = mb(totalImageBytes) / (diskMs / 1000)

	const zipUrl = `/api/property-studio/download/bulk?${new URLSearchParams({ projectId: project.id, token: JSON.stringify(assets.map((a) => a.id)) })}`
	await drain(await call('GET', zipUrl), performance.now()) // warm-up: JIT and the pool

	async function measuredZip(bytesPerSecond?: number) {
		await sleep(500)
		resetPeakMemory(server.pid)
		const before = memoryOf(server.pid).rss
		const started = performance.now()
		const result = await drain(await call('GET', zipUrl), started, bytesPerSecond)
		return { ...result, growth: memoryOf(server.pid).peak - before }
	}

	const rounds = []
	for (let round = 0; round < ROUNDS; round++) rounds.push(await measuredZip())
	const fast = {
		firstByteMs: Math.max(...rounds.map((r) => r.firstByteMs)),
		totalMs: Math.min(...rounds.map((r) => r.totalMs)),
		growth: Math.max(...rounds.map((r) => r.growth)),
		bytes: rounds[0].bytes,
	}
	const rate = mb(fast.bytes) / (fast.totalMs / 1000)
	report('ZIP of 60 × 3 MB: time to first byte (worst of 3)', `${fast.firstByteMs.toFixed(1)} ms`, 'target < 100 ms')
	report('ZIP of 60 × 3 MB: total time (best of 3)', `${(fast.totalMs / 1000).toFixed(2)} s`)
	report('ZIP throughput', `${rate.toFixed(0)} MB/s`)
	report('reading the same files from disk', `${diskRate.toFixed(0)} MB/s`)
	report('ZIP throughput / disk read', (rate / diskRate).toFixed(2), 'close to the disk')
	report('peak RSS growth while streaming, fast client (worst of 3)', `${fast.growth.toFixed(1)} MB`, 'target < 64 MB')
	const overhead = fast.bytes - totalImageBytes
	report(
		'ZIP size over the images (stored, not deflated)',
		`${(overhead / 1024).toFixed(1)} KB for ${mb(fast.bytes).toFixed(1)} MB`,
		'≈ headers only',
	)

	const slow = await measuredZip(SLOW_CLIENT_BYTES_PER_SECOND)
	report(
		`peak RSS growth while streaming, client at ${mb(SLOW_CLIENT_BYTES_PER_SECOND)} MB/s`,
		`${slow.growth.toFixed(1)} MB`,
		'target < 64 MB',
	)
	report('slow client: time to first byte', `${slow.firstByteMs.toFixed(1)} ms`, 'target < 100 ms')
} finally {
	await server.stop()
}

console.log(
	`\nload average during the run: ${os
		.loadavg()
		.map((l) => l.toFixed(1))
		.join(', ')} on ${os.availableParallelism()} cores`,
)
console.log('\n| figure | value | target |\n|---|---|---|')
for (const [name, value, target] of results) console.log(`| ${name} | ${value} | ${target.replace('target ', '')} |`)
