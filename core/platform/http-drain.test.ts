import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { expect, test } from 'vitest'
import { trackRequests } from './http-drain.ts'
import { checkReadiness, startDraining } from './readiness.ts'

/** A promise and the function that settles it, for steps the test decides. */
function gate() {
	let open!: () => void
	const opened = new Promise<void>((resolve) => (open = resolve))
	return { open, opened }
}

/**
 * A web server as the web door has it: an upload read as it streams, and a download whose
 * headers go out before its body is done.
 */
async function startServer() {
	const firstChunk = gate()
	const downloadStarted = gate()
	const finishDownload = gate()
	const server = http.createServer((req, res) => {
		if (req.url === '/upload') {
			let bytes = 0
			req.on('data', (chunk: Buffer) => {
				if (!bytes) firstChunk.open()
				bytes += chunk.length
			})
			req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ bytes })))
			return
		}
		if (req.url === '/download') {
			res.writeHead(200, { 'Content-Type': 'text/plain' })
			res.write('first half,')
			downloadStarted.open()
			void finishDownload.opened.then(() => res.end('second half'))
			return
		}
		res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok')
	})
	const tracked = trackRequests(server)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return { server, tracked, port: (server.address() as AddressInfo).port, firstChunk, downloadStarted, finishDownload }
}

/** A response read whole, with the connection it came on. */
function collect(req: http.ClientRequest) {
	return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; socket: Socket }>(
		(resolve, reject) => {
			// Taken as the request gets it: a kept-alive socket is no longer the response's once it ends.
			let socket: Socket
			req.on('socket', (s) => (socket = s))
			req.on('error', reject)
			req.on('response', (res) => {
				let body = ''
				res.setEncoding('utf8')
				res.on('data', (d) => (body += d))
				res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, socket }))
				res.on('error', reject)
			})
		},
	)
}

const closedByServer = (socket: Socket) =>
	socket.destroyed ? Promise.resolve() : once(socket, 'close').then(() => undefined)

test('a drain lets an upload and a download in progress finish, closes their connections after them, closes idle ones at once and refuses new ones; readiness says draining meanwhile', async () => {
	const { server, tracked, port, firstChunk, downloadStarted, finishDownload } = await startServer()
	const agent = new http.Agent({ keepAlive: true })
	try {
		// An idle kept-alive connection, left over from an earlier request.
		const idle = await collect(http.get({ port, host: '127.0.0.1', path: '/', agent }))
		expect(idle.headers.connection).toBe('keep-alive')

		const upload = http.request({
			port,
			host: '127.0.0.1',
			path: '/upload',
			method: 'POST',
			agent: new http.Agent({ keepAlive: true }),
			headers: { 'Content-Type': 'application/octet-stream' },
		})
		const uploaded = collect(upload)
		const chunk = Buffer.alloc(64 * 1024, 1)
		upload.write(chunk)
		await firstChunk.opened
		const download = collect(
			http.get({ port, host: '127.0.0.1', path: '/download', agent: new http.Agent({ keepAlive: true }) }),
		)
		await downloadStarted.opened
		expect(tracked.inProgress()).toBe(2)

		// What server.ts does on SIGTERM, with a grace far longer than the test.
		startDraining()
		const drained = tracked.drain({ graceMs: 10 * 60_000 })

		expect(await checkReadiness()).toEqual({ ready: false, reason: 'draining' })
		await closedByServer(idle.socket)
		await expect(fetch(`http://127.0.0.1:${port}/ready`)).rejects.toThrow()

		// The upload streams on after the drain began, and is answered in full.
		for (let i = 0; i < 15; i++) upload.write(chunk)
		upload.end()
		const answer = await uploaded
		expect(answer.status).toBe(200)
		expect(JSON.parse(answer.body)).toEqual({ bytes: 16 * chunk.length })
		expect(answer.headers.connection).toBe('close')

		// The download's headers said keep-alive before the drain; it still ends whole, then its connection closes.
		finishDownload.open()
		const downloaded = await download
		expect(downloaded.body).toBe('first half,second half')
		await closedByServer(downloaded.socket)

		await drained
		expect(server.listening).toBe(false)
		expect(tracked.inProgress()).toBe(0)
	} finally {
		agent.destroy()
		server.closeAllConnections()
		server.close()
	}
}, 60_000)

test('what is still in progress when the grace ends is cut, and the drain ends', async () => {
	const { server, tracked, port, firstChunk } = await startServer()
	try {
		// An upload that never ends.
		const upload = http.request({ port, host: '127.0.0.1', path: '/upload', method: 'POST' })
		const failed = collect(upload).then(
			() => 'answered',
			(error: NodeJS.ErrnoException) => error.code,
		)
		upload.write(Buffer.alloc(1024))
		await firstChunk.opened

		const started = performance.now()
		await tracked.drain({ graceMs: 300 })
		expect(performance.now() - started).toBeGreaterThanOrEqual(290)
		expect(await failed).toBe('ECONNRESET')
	} finally {
		server.closeAllConnections()
		server.close()
	}
}, 60_000)
