import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { isProcessAlive } from '#core/platform/process-alive.ts'
import { freePort } from '#tests/free-port.ts'

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
	afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

	/**
	 * The server as `npm start` runs it, with the embedded PostgreSQL and the jobs inline, in a
	 * process group of its own as a terminal's foreground job is. Dev mode (Vite in the process)
	 * only because the production build may not exist yet when the unit tests run.
	 */
	async function startServer() {
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
		const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts', '--dev'], {
			env,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		})
		let log = ''
		const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
		await new Promise<void>((resolve, reject) => {
			child.stdout.on('data', (d) => {
				log += d
				if (log.includes('Rendo is running')) resolve()
			})
			child.stderr.on('data', (d) => (log += d))
			exited.then((code) => reject(new Error(`the server exited with ${code} before it ran:\n${log}`)))
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

	async function expectQuietStop(signal: (server: Awaited<ReturnType<typeof startServer>>) => void) {
		const server = await startServer()
		signal(server)
		expect(await server.exited).toBe(0)
		expect(server.log()).toContain('shutting down')
		expect(troubleIn(server.log())).toEqual([])
		expect(isProcessAlive(server.postmaster)).toBe(false)
		expect(fs.existsSync(path.join(dataDir, 'pg/postmaster.pid'))).toBe(false)
	}

	test('Ctrl-C (SIGINT to the whole process group) stops the web, the jobs and the pool, then PostgreSQL, with no error line', async () => {
		await expectQuietStop((server) => process.kill(-server.child.pid!, 'SIGINT'))
	}, 180_000)

	test('SIGTERM to the process stops it as quietly', async () => {
		await expectQuietStop((server) => server.child.kill('SIGTERM'))
	}, 180_000)
})
