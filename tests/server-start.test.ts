import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
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
	async function start(args: string[], ready: string) {
		const env: NodeJS.ProcessEnv = {
			...process.env,
			PORT: String(await freePort()),
			HOST: '127.0.0.1',
			DATA_DIR: dataDir,
			EMBEDDED_PG_PORT: String(await freePort()),
			NODE_ENV: 'development',
			LOG_LEVEL: 'info',
		}
		delete env.DATABASE_URL
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
		return { child, postmaster, exited, log: () => log }
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
		const stillRunning = new Promise((resolve) => setTimeout(() => resolve('still running after 60 s'), 60_000).unref())
		expect(await Promise.race([started.exited, stillRunning]), started.log()).toBe(0)
		expect(troubleIn(started.log())).toEqual([])
		expect(isProcessAlive(started.postmaster)).toBe(false)
		expect(fs.existsSync(path.join(dataDir, 'pg/postmaster.pid'))).toBe(false)
	}

	// `npm start` with the jobs inline. Dev mode (Vite in the process) only because the production
	// build may not exist yet when the unit tests run.
	const startServer = () => start(['--import', 'tsx', 'server.ts', '--dev'], 'Rendo is running')
	const ctrlC = (started: Started) => process.kill(-started.child.pid!, 'SIGINT')

	test('Ctrl-C (SIGINT to the whole process group) stops the web, the jobs and the pool, then PostgreSQL, with no error line', async () => {
		const server = await startServer()
		await expectQuietStop(server, ctrlC)
		expect(server.log()).toContain('shutting down')
	}, 180_000)

	test('SIGTERM to the process stops it as quietly', async () => {
		await expectQuietStop(await startServer(), (server) => server.child.kill('SIGTERM'))
	}, 180_000)

	test('Ctrl-C stops `rendo worker` as quietly (it takes the signals before the database is loaded)', async () => {
		await expectQuietStop(await start(['cli/bin.js', 'worker'], 'Rendo worker is running'), ctrlC)
	}, 180_000)
})
