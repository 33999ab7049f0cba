/**
 * Oversized request bodies against the real server (embedded PostgreSQL, inline worker): for each
 * kind of door, a client that declares 200 MB, and a hostile one that streams 200 MB with no
 * declared size and goes on sending after the 413. Reports the answer and the growth of the web
 * process's peak RSS during each (the bound: 64 MB), and the bytes the client got to send.
 */
import os from 'node:os'
import { rawPost } from '#tests/raw-post.ts'
import { memoryOf, resetPeakMemory, startAppServer } from './app-server.ts'

const MB = 1024 * 1024
const TOTAL = 200 * MB
const DOORS: Array<[string, string]> = [
	['/api/stripe/webhook', 'application/json'],
	['/api/auth/login', 'application/json'],
	['/api/transformations', 'application/json'],
	['/api/try-it-free', 'multipart/form-data; boundary=x'],
	['/api/property-studio/upload-image', 'multipart/form-data; boundary=x'],
	['/login', 'application/x-www-form-urlencoded'],
]

const rows: string[] = []
const server = await startAppServer({ port: 3460 })
try {
	for (const [path, contentType] of DOORS)
		for (const declare of [true, false]) {
			await new Promise((r) => setTimeout(r, 300))
			resetPeakMemory(server.pid)
			const before = memoryOf(server.pid).rss
			const answer = await rawPost(server.url, path, { total: TOTAL, contentType, declare, keepSending: !declare })
			const growth = memoryOf(server.pid).peak - before
			const line = `| ${path} | ${declare ? 'declared' : 'streamed, keeps sending'} | ${answer.status} | ${(answer.sent / MB).toFixed(1)} MB | ${growth.toFixed(1)} MB |`
			rows.push(line)
			console.log(line)
		}
} finally {
	await server.stop()
}
console.log(
	`\nload average during the run: ${os
		.loadavg()
		.map((l) => l.toFixed(1))
		.join(', ')} on ${os.availableParallelism()} cores`,
)
console.log('\n| door | body | answer | client sent | peak RSS growth (target < 64 MB) |\n|---|---|---|---|---|')
for (const row of rows) console.log(row)
