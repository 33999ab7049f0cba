import { spawn } from 'node:child_process'
import os from 'node:os'
import { expect, test } from 'vitest'
import { freePort } from '#core/platform/free-port.ts'

// A machine address that is not loopback, to ask from as a stranger would.
const outside = Object.values(os.networkInterfaces())
	.flat()
	.find((a) => a && a.family === 'IPv4' && !a.internal)?.address

test('`npm run worker` serves /metrics on METRICS_PORT, on loopback only without a token, and stops quietly', async () => {
	const port = await freePort()
	const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
		env: { ...process.env, METRICS_PORT: String(port), WORKER_CONCURRENCY: '1' },
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let stdout = ''
	let stderr = ''
	child.stdout.on('data', (d) => (stdout += d))
	child.stderr.on('data', (d) => (stderr += d))
	const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
	try {
		await expect.poll(() => stdout, { timeout: 60_000 }).toContain('Rendo worker is running')
		const scraped = await fetch(`http://127.0.0.1:${port}/metrics`)
		expect(scraped.status).toBe(200)
		const text = await scraped.text()
		expect(text).toMatch(/^rendo_process_resident_memory_bytes \d+/m)
		// The worker's own pool, open for its jobs.
		expect(text).toMatch(/^rendo_db_pool_connections\{state="total"\} [1-9]/m)
		if (outside) await expect(fetch(`http://${outside}:${port}/metrics`)).rejects.toThrow()

		child.kill('SIGTERM')
		expect(await exited).toBe(0)
		expect(stderr).toBe('')
		await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow()
	} finally {
		if (child.exitCode === null) child.kill('SIGKILL')
	}
}, 90_000)
