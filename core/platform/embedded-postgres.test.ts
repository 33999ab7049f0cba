import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { freePort } from '#core/platform/free-port.ts'
import { startEmbeddedPostgres } from './embedded-postgres.ts'
import { isProcessAlive, processStat } from './process-alive.ts'

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

/**
 * A Node process that starts the cluster in `dir`, then runs `then` (a few lines of a module).
 * `detached` puts it in a process group of its own, as a service manager does, so the test can
 * kill that whole group.
 */
function clusterInChild(
	dir: string,
	port: number,
	then: string,
	stdio: 'inherit' | 'pipe-stdout' = 'inherit',
	{ detached = false } = {},
) {
	const script = `
		import { startEmbeddedPostgres } from '#core/platform/embedded-postgres.ts'
		const pg = await startEmbeddedPostgres({ dir: ${JSON.stringify(dir)}, port: ${port}, password: 'pw' })
		${then}`
	return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
		cwd: process.cwd(),
		stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'inherit'],
		detached,
	})
}

const exitCodeOf = (child: ReturnType<typeof spawn>) =>
	new Promise<number | null>((resolve) => child.on('exit', resolve))

/** A child that started its cluster and says 'ready', then keeps running. */
async function runningCluster(dir: string, port: number, { detached = false } = {}) {
	const child = clusterInChild(dir, port, "console.log('ready'); setInterval(() => {}, 1000)", 'pipe-stdout', {
		detached,
	})
	await new Promise<void>((resolve, reject) => {
		child.stdout!.on('data', (d) => String(d).includes('ready') && resolve())
		child.on('exit', (code) => reject(new Error(`the child exited with ${code} before PostgreSQL was ready`)))
	})
	return child
}

/** A cluster started by a Node process that is then killed with SIGKILL: the orphan postmaster's pid. */
async function orphanedCluster(dir: string, port: number) {
	const child = await runningCluster(dir, port)
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
		// Exited (it may still be a zombie until PID 1 reaps it).
		expect(isProcessAlive(orphanPid)).toBe(false)
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

	/** A child that starts its cluster, says its postmaster's pid, then runs `then`: its exit code, and whether that postmaster is gone soon after. */
	async function postmasterAfter(then: string) {
		const dir = tempDir()
		const port = await freePort()
		// The child says its postmaster's pid first: by the time it has exited, the pid file may be gone.
		const pidFile = JSON.stringify(path.join(dir, 'postmaster.pid'))
		const child = clusterInChild(
			dir,
			port,
			`console.log((await import('node:fs')).readFileSync(${pidFile}, 'utf8').split('\\n')[0]); ${then}`,
			'pipe-stdout',
		)
		let printed = ''
		child.stdout!.on('data', (d) => (printed += d))
		const code = await exitCodeOf(child)
		const pid = Number(printed.trim())
		expect(pid).toBeGreaterThan(0)
		const until = Date.now() + 10_000
		while (Date.now() < until && isProcessAlive(pid)) await new Promise((r) => setTimeout(r, 100))
		return { code, gone: !isProcessAlive(pid) }
	}

	test('a process that exits without stopping its cluster (a crash) takes PostgreSQL down with it', async () => {
		expect(await postmasterAfter('process.exit(1)')).toEqual({ code: 1, gone: true })
	}, 60_000)

	test("a signal that nothing in the process handles ends it and takes PostgreSQL down (the postmaster does not get the terminal's signal itself)", async () => {
		expect(await postmasterAfter("process.kill(process.pid, 'SIGINT'); setInterval(() => {}, 1000)")).toEqual({
			code: 130,
			gone: true,
		})
	}, 60_000)

	test.skipIf(!fs.existsSync('/usr/bin/setpriv'))(
		'a postmaster whose Node process is killed with SIGKILL shuts down cleanly by itself',
		async () => {
			const dir = tempDir()
			const orphanPid = await orphanedCluster(dir, await freePort())
			const until = Date.now() + 10_000
			while (Date.now() < until && isProcessAlive(orphanPid)) await new Promise((r) => setTimeout(r, 50))
			expect(isProcessAlive(orphanPid)).toBe(false)
			// A shutdown, not a crash: PostgreSQL removed its pid file on the way out.
			expect(fs.existsSync(path.join(dir, 'postmaster.pid'))).toBe(false)
		},
		60_000,
	)

	test('an orphan already shutting down (its postmaster.pid gone, its socket lock not) is waited for before the new start', async () => {
		const dir = tempDir()
		const port = await freePort()
		const orphanPid = await orphanedCluster(dir, port)
		// The moment `npm start` met after a kill -9: the old postmaster still holds /tmp/.s.PGSQL.{port}.lock.
		// (Where setpriv asks the kernel to stop it when its Node dies, it may be gone already.)
		fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true })

		const again = await startEmbeddedPostgres({ dir, port, password: 'pw' })
		// Exited (it may still be a zombie until PID 1 reaps it).
		expect(isProcessAlive(orphanPid)).toBe(false)
		expect(await query(again.url(), 'select 1 as ok')).toEqual([{ ok: 1 }])
		await again.stop()
	}, 60_000)

	test('a start right after the whole service was killed with SIGKILL serves, 20 times in a row', async () => {
		const dir = tempDir()
		const port = await freePort()
		await (await startEmbeddedPostgres({ dir, port, password: 'pw' })).stop()
		const url = `postgres://postgres:pw@127.0.0.1:${port}/postgres`
		let served = 0
		for (let i = 0; i < 20; i++) {
			// Each start but the first comes right after the kill: the killed postmaster is still a
			// zombie (its parent died with it; PID 1 reaps it later) or its backends are still exiting.
			const child = await runningCluster(dir, port, { detached: true })
			expect(await query(url, 'select 1 as ok')).toEqual([{ ok: 1 }])
			served++
			const postmaster = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0])
			// Every process of the service at once, as systemd, Docker or Kubernetes do when a stop
			// times out: the Node process's group and the postmaster (in a session of its own).
			const exited = exitCodeOf(child)
			process.kill(-child.pid!, 'SIGKILL')
			try {
				process.kill(-postmaster, 'SIGKILL')
			} catch {
				// no group of its own: it was in the Node process's group, killed already
			}
			await exited
		}
		expect(served).toBe(20)
		// The last one killed leaves its files for the next start, like the others: start once more to tidy up.
		await (await startEmbeddedPostgres({ dir, port, password: 'pw' })).stop()
	}, 120_000)

	test('lock files naming a zombie (a postmaster killed with its parent, not yet reaped) do not stop a start', async () => {
		const dir = tempDir()
		const port = await freePort()
		await (await startEmbeddedPostgres({ dir, port, password: 'pw' })).stop()
		// A parent that never reaps its child, so that child stays a zombie as long as the test needs.
		// (Not `sh -c 'sleep 0 & …; exec sleep 60'`: dash may reap a child that ends before the exec,
		// and on a loaded machine one did.)
		const parent = spawn(
			'python3',
			['-c', 'import os, time\npid = os.fork()\nif pid == 0: os._exit(0)\nprint(pid, flush=True)\ntime.sleep(60)'],
			{ stdio: ['ignore', 'pipe', 'ignore'] },
		)
		const zombie = Number(await new Promise((resolve) => parent.stdout.once('data', resolve)))
		const until = Date.now() + 5_000
		while (Date.now() < until && processStat(zombie)?.state !== 'Z') await new Promise((r) => setTimeout(r, 20))
		expect(processStat(zombie)?.state).toBe('Z')
		try {
			fs.writeFileSync(path.join(dir, 'postmaster.pid'), `${zombie}\n${dir}\n0\n${port}\n`)
			fs.writeFileSync(`/tmp/.s.PGSQL.${port}.lock`, `${zombie}\n${dir}\n`)
			const again = await startEmbeddedPostgres({ dir, port, password: 'pw' })
			expect(await query(again.url(), 'select 1 as ok')).toEqual([{ ok: 1 }])
			await again.stop()
		} finally {
			parent.kill()
		}
	}, 60_000)

	test('a live postmaster of another folder on the port is left alone: the start fails, that cluster serves on', async () => {
		const port = await freePort()
		const running = await startEmbeddedPostgres({ dir: tempDir(), port, password: 'pw' })
		const lock = fs.readFileSync(`/tmp/.s.PGSQL.${port}.lock`, 'utf8')
		try {
			await expect(startEmbeddedPostgres({ dir: tempDir(), port, password: 'pw' })).rejects.toThrow(/did not start/)
			expect(fs.readFileSync(`/tmp/.s.PGSQL.${port}.lock`, 'utf8')).toBe(lock)
			expect(await query(running.url(), 'select 1 as ok')).toEqual([{ ok: 1 }])
		} finally {
			await running.stop()
		}
	}, 60_000)
})
