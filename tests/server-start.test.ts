import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { isProcessAlive } from '#core/platform/process-alive.ts'
import { freePort } from '#core/platform/free-port.ts'

test('a malformed variable stops the server with one line naming it, not a stack trace', () => {
	const result = spawnSync(process.execPath, ['--import', 'tsx', 'server.ts'], {
		env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'mysql://nope' },
		encoding: 'utf8',
		timeout: 30_000,
	})
	expect(result.status).toBe(1)
	const lines = result.stderr.trim().split('\n')
	expect(lines).toHaveLength(1)
	expect(lines[0]).toMatch(/^Invalid configuration: .*PORT: .*DATABASE_URL: must be a postgres:\/\/ URL/)
})

describe('a clean stop', () => {
	// One data folder for both stops: the embedded PostgreSQL is initialised once, as `npm start` does.
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-stop-'))
	// PostgreSQL runs as its own system user and must be able to reach data/pg inside it.
	fs.chmodSync(dataDir, 0o755)
	// A test that failed half-way leaves no server behind (its postmaster goes with it).
	const children: ChildProcess[] = []
	afterAll(() => {
		for (const child of children)
			if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL')
		fs.rmSync(dataDir, { recursive: true, force: true })
	})

	/**
	 * A door started as a terminal starts it (a process group of its own), on the embedded
	 * PostgreSQL, until it prints `ready`.
	 */
	async function start(args: string[], ready: string, extraEnv: Record<string, string> = {}) {
		const port = await freePort()
		const env: NodeJS.ProcessEnv = {
			...process.env,
			PORT: String(port),
			HOST: '127.0.0.1',
			DATA_DIR: dataDir,
			EMBEDDED_PG_PORT: String(await freePort()),
			NODE_ENV: 'development',
			LOG_LEVEL: 'info',
			...extraEnv,
		}
		delete env.DATABASE_URL
		// Remix's Vite plugin stands aside when it sees Vitest's variables, and every page would be a 404.
		for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name]
		const child = spawn(process.execPath, args, {
			env,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		})
		children.push(child)
		let log = ''
		const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
		await new Promise<void>((resolve, reject) => {
			setTimeout(() => reject(new Error(`${args.join(' ')} did not start in 150 s:\n${log}`)), 150_000).unref()
			child.stdout.on('data', (d) => {
				log += d
				if (log.includes(ready)) resolve()
			})
			child.stderr.on('data', (d) => (log += d))
			exited.then((code) => reject(new Error(`${args.join(' ')} exited with ${code} before it ran:\n${log}`)))
		})
		const postmaster = Number(fs.readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[0])
		return { child, port, postmaster, exited, log: () => log }
	}

	/** Lines a person would read as trouble: pino's warn and above, and anything else naming an error. */
	function troubleIn(log: string) {
		return log.split('\n').filter((line) => {
			try {
				return (JSON.parse(line) as { level: number }).level >= 40
			} catch {
				return /error|warn|fatal/i.test(line)
			}
		})
	}

	type Started = Awaited<ReturnType<typeof start>>

	async function expectQuietStop(started: Started, signal: (started: Started) => void) {
		signal(started)
		await expectQuietExit(started)
	}

	async function expectQuietExit(started: Started) {
		const stillRunning = new Promise((resolve) => setTimeout(() => resolve('still running after 60 s'), 60_000).unref())
		expect(await Promise.race([started.exited, stillRunning]), started.log()).toBe(0)
		expect(troubleIn(started.log())).toEqual([])
		expect(isProcessAlive(started.postmaster)).toBe(false)
		expect(fs.existsSync(path.join(dataDir, 'pg/postmaster.pid'))).toBe(false)
	}

	// `npm start` with the jobs inline. Dev mode (Vite in the process) only because the production
	// build may not exist yet when the unit tests run.
	const startServer = (env?: Record<string, string>) =>
		start(['--import', 'tsx', 'server.ts', '--dev'], 'Rendo is running', env)
	const ctrlC = (started: Started) => process.kill(-started.child.pid!, 'SIGINT')

	test('Ctrl-C (SIGINT to the whole process group) stops the web, the jobs and the pool, then PostgreSQL, with no error line', async () => {
		const server = await startServer()
		await expectQuietStop(server, ctrlC)
		expect(server.log()).toContain('shutting down')
	}, 180_000)

	test('SIGTERM: /ready answers 503 "draining" for DRAIN_READY_GRACE_MS while new connections are still served, then the port refuses them and the process stops as quietly', async () => {
		const server = await startServer({ DRAIN_READY_GRACE_MS: '2000' })
		expect(await getAlone(server.port, '/ready')).toMatchObject({ status: 200 })
		// Asked once before the signal: the dev server builds the app on its first page request.
		expect(await getAlone(server.port, '/health')).toMatchObject({ status: 200 })

		const signalled = performance.now()
		server.child.kill('SIGTERM')
		const draining = await pollUntil(
			() => getAlone(server.port, '/ready'),
			(answer) => answer.status !== 200,
		)
		expect(draining).toEqual({ status: 503, body: { status: 'not ready', reason: 'draining' } })
		// Not ready, yet a new connection is taken and served as before.
		expect(await getAlone(server.port, '/health')).toMatchObject({ status: 200, body: { status: 'ok' } })

		const refused = await pollUntil(
			() => getAlone(server.port, '/health'),
			(answer) => answer.error !== undefined,
		)
		// Refused, or reset when caught while the port closes.
		expect(['ECONNREFUSED', 'ECONNRESET']).toContain(refused.error)
		// Not before the grace (a timer never fires early).
		expect(performance.now() - signalled).toBeGreaterThanOrEqual(1_900)
		await expectQuietExit(server)
	}, 180_000)

	test('a second signal during the grace closes the port at once', async () => {
		// A grace far longer than the test's wait for the port to close.
		const server = await startServer({ DRAIN_READY_GRACE_MS: '600000' })
		server.child.kill('SIGTERM')
		const draining = await pollUntil(
			() => getAlone(server.port, '/ready'),
			(answer) => answer.status !== 200,
		)
		expect(draining).toMatchObject({ status: 503, body: { reason: 'draining' } })
		server.child.kill('SIGTERM')
		// A connection caught while the port closes may be reset; refused comes next, long before 600 s.
		expect(
			await pollUntil(
				() => getAlone(server.port, '/ready'),
				(answer) => answer.error === 'ECONNREFUSED',
			),
		).toEqual({ error: 'ECONNREFUSED' })
		await expectQuietExit(server)
		expect(server.log()).toContain('signalled again')
	}, 180_000)

	test('Ctrl-C stops `rendo worker` as quietly (it takes the signals before the database is loaded)', async () => {
		await expectQuietStop(await start(['cli/bin.js', 'worker'], 'Rendo worker is running'), ctrlC)
	}, 180_000)
})

type Answer = { status?: number; body?: unknown; error?: string }

/** One GET on a connection of its own (no agent, so never a kept-alive one): the status and JSON body, or the error's code. */
function getAlone(port: number, path: string) {
	return new Promise<Answer>((resolve) => {
		const req = http.get({ host: '127.0.0.1', port, path, agent: false, timeout: 20_000 }, (res) => {
			let text = ''
			res.setEncoding('utf8')
			res.on('data', (d) => (text += d))
			res.on('end', () => {
				let body: unknown = text
				try {
					body = JSON.parse(text)
				} catch {}
				resolve({ status: res.statusCode, body })
			})
		})
		req.on('timeout', () => req.destroy(Object.assign(new Error('no answer in 20 s'), { code: 'TIMEOUT' })))
		req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
	})
}

/** Asks again every 50 ms until `done` holds, for 60 s at most. */
async function pollUntil(ask: () => Promise<Answer>, done: (answer: Answer) => boolean) {
	const deadline = performance.now() + 60_000
	for (;;) {
		const answer = await ask()
		if (done(answer)) return answer
		if (performance.now() > deadline) throw new Error(`still ${JSON.stringify(answer)} after 60 s`)
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
}
