import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/** Starts `npm start`'s server (embedded PostgreSQL, inline worker) in a fresh data folder. */
export async function startAppServer({ port, env = {} }: { port: number; env?: Record<string, string> }) {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-bench-'))
	fs.chmodSync(dataDir, 0o755)
	const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
		env: {
			...process.env,
			PORT: String(port),
			HOST: '127.0.0.1',
			DATA_DIR: dataDir,
			EMBEDDED_PG_PORT: String(port + 1),
			LOG_LEVEL: 'warn',
			RENDO_BENCH: '1',
			// As `npm start` sets it: glibc's per-thread arenas would keep libvips' freed buffers.
			MALLOC_ARENA_MAX: '2',
			...env,
		},
		stdio: ['ignore', 'ignore', 'inherit'],
	})
	const url = `http://127.0.0.1:${port}`
	async function stop() {
		if (child.exitCode === null && child.signalCode === null) {
			child.kill('SIGINT')
			await new Promise((r) => child.once('exit', r))
		}
		fs.rmSync(dataDir, { recursive: true, force: true })
	}
	try {
		for (let i = 0; ; i++) {
			if (child.exitCode !== null) throw new Error('the app server exited during start-up')
			const ok = await fetch(`${url}/health`).then(
				(r) => r.ok,
				() => false,
			)
			if (ok) break
			if (i > 600) throw new Error('the app server did not start in 60 s')
			await new Promise((r) => setTimeout(r, 100))
		}
	} catch (error) {
		// A server that never came up leaves neither a process nor its data folder behind.
		await stop()
		throw error
	}
	return { url, pid: child.pid!, dataDir, stop }
}

/** A free port whose next one is free too: the web server's and its embedded PostgreSQL's. */
export async function freePortPair(): Promise<{ port: number }> {
	const listen = (port: number) =>
		new Promise<net.Server | null>((resolve) => {
			const probe = net.createServer()
			probe.once('error', () => resolve(null))
			probe.listen(port, '127.0.0.1', () => resolve(probe))
		})
	for (;;) {
		const first = (await listen(0))!
		const port = (first.address() as net.AddressInfo).port
		const second = port < 65535 ? await listen(port + 1) : null
		await Promise.all([first, second].map((probe) => probe && new Promise((r) => probe.close(r))))
		if (second) return { port }
	}
}

/** Peak and current resident memory of a process, from /proc (kB → MB). */
export function memoryOf(pid: number) {
	const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
	const mb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))![1]) / 1024
	return { rss: mb('VmRSS'), peak: mb('VmHWM') }
}

/** Resets the kernel's peak-RSS mark of a process, so the next reading covers only what follows. */
export function resetPeakMemory(pid: number) {
	fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
}
