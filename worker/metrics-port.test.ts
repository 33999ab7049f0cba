import { spawn } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { text } from 'node:stream/consumers'
import { SMTPServer } from 'smtp-server'
import { afterAll, expect, test } from 'vitest'
import { pool } from '#core/platform/db.ts'
import { freePort } from '#core/platform/free-port.ts'

// A machine address that is not loopback, to ask from as a stranger would.
const outside = Object.values(os.networkInterfaces())
	.flat()
	.find((a) => a && a.family === 'IPv4' && !a.internal)?.address

// A mail server that holds each message at MAIL FROM until the test lets it through: a job in hand
// for as long as the test needs one (the worker's SMTP socket timeout is 60 s).
let mailHeld = () => {}
const mailReleased = new Promise<void>((resolve) => (mailHeld = resolve))
let mailArrived = () => {}
const mailInHand = new Promise<void>((resolve) => (mailArrived = resolve))
const smtp = new SMTPServer({
	authOptional: true,
	disabledCommands: ['STARTTLS'],
	logger: false,
	onMailFrom(_address, _session, callback) {
		mailArrived()
		void mailReleased.then(() => callback())
	},
	onData(stream, _session, callback) {
		text(stream).then(() => callback(), callback)
	},
})
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())))

const readiness = async (port: number) => {
	const response = await fetch(`http://127.0.0.1:${port}/ready`)
	return { status: response.status, body: await response.json() }
}

test('`npm run worker` serves /metrics and /ready on METRICS_PORT, on loopback only without a token; SIGTERM makes /ready 503 while the job in hand finishes, then it stops quietly', async () => {
	const port = await freePort()
	const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
		env: {
			...process.env,
			METRICS_PORT: String(port),
			WORKER_CONCURRENCY: '1',
			SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
		},
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
		expect(await readiness(port)).toEqual({ status: 200, body: { status: 'ready' } })

		// A job in hand when the signal comes: the worker is draining until it is done.
		await pool.query(`select graphile_worker.add_job('send_mail', $1::json)`, [
			JSON.stringify({ to: 'buyer@example.com', subject: 'Held', text: 'Held at MAIL FROM' }),
		])
		await mailInHand
		child.kill('SIGTERM')
		await expect
			.poll(() => readiness(port), { timeout: 30_000 })
			.toEqual({ status: 503, body: { status: 'not ready', reason: 'draining' } })
		expect(child.exitCode).toBe(null)
		mailHeld()
		expect(await exited).toBe(0)
		const { rows } = await pool.query(
			`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'send_mail'`,
		)
		// Delivered, so gone from the queue: the worker finished it before it stopped.
		expect(rows[0].n).toBe(0)
		expect(stderr).toBe('')
		await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow()
	} finally {
		if (child.exitCode === null) child.kill('SIGKILL')
	}
}, 90_000)
