import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { freePort } from '#tests/free-port.ts'
import { startEmbeddedPostgres } from './embedded-postgres.ts'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

function tempDir() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-pg-'))
	dirs.push(dir)
	return dir
}

async function query(url: string, sql: string) {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return (await client.query(sql)).rows
	} finally {
		await client.end()
	}
}

/** A Node process that starts the cluster in `dir`, then runs `then` (a few lines of a module). */
function clusterInChild(dir: string, port: number, then: string, stdio: 'inherit' | 'pipe-stdout' = 'inherit') {
	const script = `
		import { startEmbeddedPostgres } from '#core/platform/embedded-postgres.ts'
		const pg = await startEmbeddedPostgres({ dir: ${JSON.stringify(dir)}, port: ${port}, password: 'pw' })
		${then}`
	return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
		cwd: process.cwd(),
		stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'inherit'],
	})
}

const exitCodeOf = (child: ReturnType<typeof spawn>) =>
	new Promise<number | null>((resolve) => child.on('exit', resolve))

/** A cluster started by a Node process that is then killed with SIGKILL: the orphan postmaster's pid. */
async function orphanedCluster(dir: string, port: number) {
	const child = clusterInChild(dir, port, "console.log('ready'); setInterval(() => {}, 1000)", 'pipe-stdout')
	await new Promise<void>((resolve, reject) => {
		child.stdout!.on('data', (d) => String(d).includes('ready') && resolve())
		child.on('exit', (code) => reject(new Error(`the child exited with ${code} before PostgreSQL was ready`)))
	})
	const orphanPid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0])
	child.kill('SIGKILL')
	await exitCodeOf(child)
	return orphanPid
}

describe('embedded PostgreSQL', () => {
	test('a restart reuses the data folder: no re-initialisation, no lost rows', async () => {
		const dir = tempDir()
		const port = await freePort()
		const first = await startEmbeddedPostgres({ dir, port, password: 'pw' })
		await query(first.url(), 'create table kept (v text); insert into kept values ($$still here$$)')
		await first.stop()
		const marker = fs.statSync(path.join(dir, 'PG_VERSION')).mtimeMs
		const second = await startEmbeddedPostgres({ dir, port, password: 'pw' })
		expect(await query(second.url(), 'select v from kept')).toEqual([{ v: 'still here' }])
		expect(fs.statSync(path.join(dir, 'PG_VERSION')).mtimeMs).toBe(marker)
		await second.stop()
	}, 60_000)

	test('a stale postmaster.pid naming a dead process is cleared, not a crash', async () => {
		const dir = tempDir()
		const port = await freePort()
		await (await startEmbeddedPostgres({ dir, port, password: 'pw' })).stop()
		// The pid of a process that has just exited: dead, and not a postgres.
		const dead = spawn('true')
		await new Promise((r) => dead.on('exit', r))
		fs.writeFileSync(path.join(dir, 'postmaster.pid'), `${dead.pid}\n${dir}\n0\n${port}\n`)
		const again = await startEmbeddedPostgres({ dir, port, password: 'pw' })
		expect(await query(again.url(), 'select 1 as ok')).toEqual([{ ok: 1 }])
		await again.stop()
	}, 60_000)

	test('a cluster orphaned by a killed process is shut down cleanly and started again', async () => {
		const dir = tempDir()
		const port = await freePort()
		const orphanPid = await orphanedCluster(dir, port)

		const recovered = await startEmbeddedPostgres({ dir, port, password: 'pw' })
		expect(recovered.shared).toBe(false)
		expect(() => process.kill(orphanPid, 0)).toThrow()
		expect(await query(recovered.url(), 'select 1 as ok')).toEqual([{ ok: 1 }])
		await recovered.stop()
	}, 60_000)

	test("a process that used the cluster ends with its own exit code, whatever the package's exit hook does", async () => {
		const dir = tempDir()
		const port = await freePort()
		const exitWith = (code: number) =>
			exitCodeOf(clusterInChild(dir, port, `await pg.stop(); process.exitCode = ${code}`))
		// A failed test run sets exitCode 1 and lets the process end; so does a failed CLI command.
		expect(await exitWith(1)).toBe(1)
		expect(await exitWith(0)).toBe(0)
	}, 60_000)

	test('a process that exits without stopping its cluster (a crash) takes PostgreSQL down with it', async () => {
		const dir = tempDir()
		const port = await freePort()
		// The child says its postmaster's pid first: by the time it has exited, the pid file may be gone.
		const pidFile = JSON.stringify(path.join(dir, 'postmaster.pid'))
		const child = clusterInChild(
			dir,
			port,
			`console.log((await import('node:fs')).readFileSync(${pidFile}, 'utf8').split('\\n')[0]); process.exit(1)`,
			'pipe-stdout',
		)
		let printed = ''
		child.stdout!.on('data', (d) => (printed += d))
		expect(await exitCodeOf(child)).toBe(1)
		const pid = Number(printed.trim())
		expect(pid).toBeGreaterThan(0)
		const until = Date.now() + 10_000
		while (Date.now() < until && fs.existsSync(`/proc/${pid}`)) await new Promise((r) => setTimeout(r, 100))
		expect(fs.existsSync(`/proc/${pid}`)).toBe(false)
	}, 60_000)

	test('an orphan already shutting down (its postmaster.pid gone, its socket lock not) is waited for before the new start', async () => {
		const dir = tempDir()
		const port = await freePort()
		const orphanPid = await orphanedCluster(dir, port)
		// The moment `npm start` met after a kill -9: the old postmaster still holds /tmp/.s.PGSQL.{port}.lock.
		fs.rmSync(path.join(dir, 'postmaster.pid'))
		expect(fs.existsSync(`/tmp/.s.PGSQL.${port}.lock`)).toBe(true)

		const again = await startEmbeddedPostgres({ dir, port, password: 'pw' })
		expect(() => process.kill(orphanPid, 0)).toThrow()
		expect(await query(again.url(), 'select 1 as ok')).toEqual([{ ok: 1 }])
		await again.stop()
	}, 60_000)
})
