import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '#core/platform/free-port.ts'
import { lineOf, startChild, stopChild } from '#tests/child-process.ts'
import { rendo as runRendo } from '#tests/cli.ts'
import { startEmbeddedPostgres } from '#core/platform/embedded-postgres.ts'
import { ensureDatabase, migrateDatabase } from '#core/platform/migrate.ts'
import type { VendorState } from '#tests/fleet-vendor.ts'
import { type Outage, VSAI_TEST_KEY } from '#tests/mocks/virtual-staging-ai-model.ts'

/**
 * Rendo as a deployment, on this machine, each part a process of its own: PostgreSQL as a server
 * (the embedded binaries as a standalone cluster, reached by DATABASE_URL only), S3 through s3rver,
 * Virtual Staging AI's model (tests/fleet-vendor.ts), web processes with JOBS=off and `npm run
 * worker` processes. The fleet bench (bench/fleet.bench.ts) and its reduced run in the tests
 * (tests/fleet.test.ts) drive it.
 */
export interface FleetOptions {
	webs: number
	workers: number
	/** How long each variation takes at the vendor. */
	vendorLatencyMs: number
	/** Web processes with Vite in them (no production build needed): the tests. */
	dev?: boolean
	/**
	 * How long a web stopped with SIGTERM keeps serving for a balancer to notice /ready (DRAIN_READY_GRACE_MS):
	 * the production 5 s unless given; the tests, with no balancer and no web replaced, give 0.
	 */
	readyGraceMs?: number
}

export interface FleetProcess {
	name: string
	child: ChildProcess
	/** The web's address, or the worker's metrics port. */
	url: string
	exited: Promise<void>
	/** The highest resident memory seen of it, in MB (from /proc while it ran). */
	peakRssMb: number
}

const BUCKET = 'rendo-fleet'
const S3RVER_KEY = 'S3RVER'

export async function startFleet(options: FleetOptions) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-fleet-'))
	// PostgreSQL runs as its own system user and must reach its folder inside this one.
	fs.chmodSync(dir, 0o755)
	const processes: FleetProcess[] = []
	const stops: Array<() => Promise<unknown>> = []

	const pgOptions = { dir: path.join(dir, 'pg'), port: await freePort(), password: 'fleet' }
	const s3Port = await freePort()
	const startS3 = () =>
		serving('s3rver', ['tests/fleet-s3rver.ts', path.join(dir, 's3'), BUCKET, String(s3Port)], /^s3rver on (http:\S+)/)
	// PostgreSQL (made, started and migrated), s3rver and the vendor's model start at once: each is a
	// process of its own, and the first waits mostly on its disk while the others load their modules.
	const [pgStarted, s3Started, vendorStarted] = await Promise.allSettled([
		(async () => {
			const started = await startEmbeddedPostgres(pgOptions)
			try {
				// As `rendo db migrate` before a deploy: the processes start on the schema their code expects.
				await ensureDatabase(started.url('rendo'))
				await migrateDatabase(started.url('rendo'))
			} catch (error) {
				await started.stop()
				throw error
			}
			return started
		})(),
		startS3(),
		serving('vendor', ['tests/fleet-vendor.ts', String(options.vendorLatencyMs)], /^vendor on (http:\S+)/),
	])
	if (pgStarted.status === 'rejected' || s3Started.status === 'rejected' || vendorStarted.status === 'rejected') {
		// A fleet that never came up leaves no process and no folder behind.
		if (pgStarted.status === 'fulfilled') await pgStarted.value.stop()
		if (s3Started.status === 'fulfilled') await stopChild(s3Started.value.child)
		if (vendorStarted.status === 'fulfilled') await stopChild(vendorStarted.value.child)
		fs.rmSync(dir, { recursive: true, force: true })
		throw [pgStarted, s3Started, vendorStarted].find((r) => r.status === 'rejected')!.reason
	}
	// Replaced when PostgreSQL is restarted (startPostgres): the same folder on the same port.
	let cluster = pgStarted.value
	stops.push(() => cluster.stop())
	const databaseUrl = cluster.url('rendo')
	const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 })
	// The cluster goes first in a failed start; the watcher's idle connections go with it quietly.
	sql.on('error', () => {})
	stops.push(() => sql.end())

	// Replaced when storage is started again (startStorage): the same folder on the same port.
	let s3 = s3Started.value
	const s3Url = s3.url
	stops.push(() => stopChild(s3.child))

	const vendorProcess = vendorStarted.value.child
	const vendorOrigin = vendorStarted.value.url
	stops.push(() => stopChild(vendorProcess))
	const vendor = {
		baseUrl: `${vendorOrigin}/v2`,
		/** What the vendor's model saw: renders created, 429s answered, the renders' ids. */
		async state(): Promise<VendorState> {
			const response = await fetch(`${vendorOrigin}/fleet/state`)
			return response.json()
		},
		/** The vendor down (each request answered with `mode`'s status, or held unanswered: 'hang'), or back with null. */
		async outage(mode: Outage) {
			const response = await fetch(`${vendorOrigin}/fleet/outage`, { method: 'POST', body: JSON.stringify({ mode }) })
			if (!response.ok) throw new Error(`the vendor's outage could not be set: ${response.status}`)
		},
	}

	// The first web's address is the one links are made with (a balancer's, in production).
	const firstWebPort = await freePort()
	const env: Record<string, string> = {
		APP_URL: `http://127.0.0.1:${firstWebPort}`,
		DATABASE_URL: databaseUrl,
		S3_BUCKET: BUCKET,
		S3_ENDPOINT: s3Url,
		S3_ACCESS_KEY_ID: S3RVER_KEY,
		S3_SECRET_ACCESS_KEY: S3RVER_KEY,
		S3_FORCE_PATH_STYLE: 'true',
		RENDER_PROVIDER: 'virtual-staging-ai',
		RENDER_API_KEY: VSAI_TEST_KEY,
		RENDER_API_URL: vendor.baseUrl,
		// At most a second late to a finished render: what an agent waiting on the gallery notices.
		RENDER_POLL_INTERVAL_MS: String(Math.max(200, Math.min(1000, Math.round(options.vendorLatencyMs / 4)))),
		SESSION_SECRET: 'fleet-session-secret-of-enough-length',
		LOG_LEVEL: 'warn',
		// As `npm start` sets it: glibc's per-thread arenas would keep libvips' freed buffers.
		MALLOC_ARENA_MAX: '2',
	}
	// As `npm start` and `npm run worker` run Node.
	const node = ['--max-semi-space-size=4', '--import', 'tsx']
	let started = 0

	async function startWeb() {
		const port = started === 0 ? firstWebPort : await freePort()
		const name = `web-${++started}`
		const child = await startChild(name, [...node, 'server.ts', ...(options.dev ? ['--dev'] : [])], {
			...env,
			JOBS: 'off',
			PORT: String(port),
			HOST: '127.0.0.1',
			DATA_DIR: path.join(dir, name),
			NODE_ENV: options.dev ? 'development' : 'production',
			...(options.readyGraceMs !== undefined && { DRAIN_READY_GRACE_MS: String(options.readyGraceMs) }),
		})
		await lineOf(child, /Rendo is running/)
		return track(name, child, `http://127.0.0.1:${port}`)
	}

	async function startWorker() {
		const port = await freePort()
		const name = `worker-${++started}`
		const child = await startChild(name, [...node, 'worker/main.ts'], {
			...env,
			METRICS_PORT: String(port),
			// The workers on one machine split its cores, as the production guide says.
			CPU_SLOTS: String(Math.max(1, Math.floor(os.availableParallelism() / options.workers))),
			DATA_DIR: path.join(dir, name),
			NODE_ENV: 'production',
		})
		await lineOf(child, /Rendo worker is running/)
		return track(name, child, `http://127.0.0.1:${port}`)
	}

	function track(name: string, child: ChildProcess, url: string) {
		const entry: FleetProcess = {
			name,
			child,
			url,
			exited: new Promise((resolve) => child.once('exit', () => resolve())),
			peakRssMb: 0,
		}
		processes.push(entry)
		return entry
	}

	/** Reads every live process's resident memory and the database's connections, keeping the peaks. */
	const peaks = { connections: 0 }
	const cpu = new CpuByKind(processes)
	let samples = 0
	async function sample() {
		for (const p of processes)
			if (p.child.exitCode === null && p.child.signalCode === null)
				p.peakRssMb = Math.max(p.peakRssMb, rssMb(p.child.pid!))
		if (++samples % 4 === 0) cpu.sample()
		const { rows } = await sql.query<{ n: number }>(
			"select count(*)::int as n from pg_stat_activity where datname = 'rendo' and pid <> pg_backend_pid()",
		)
		// The fleet's own watcher (this pool's other connection) is not Rendo's.
		peaks.connections = Math.max(peaks.connections, rows[0].n - 1)
	}
	const sampler = setInterval(() => sample().catch(() => {}), 250)
	// Stopped first (the stops run last to first): no sample races the database's shutdown.
	stops.push(async () => clearInterval(sampler))

	async function stop() {
		await Promise.all(processes.map((p) => stopChild(p.child)))
		for (const undo of stops.reverse()) await undo()
		fs.rmSync(dir, { recursive: true, force: true })
	}
	// The webs and workers start at once (the first web on the address links are made with): each waits
	// on its own start. Every start is awaited before a failed one stops the rest, so none is left behind.
	const starts = await Promise.allSettled([
		...Array.from({ length: options.webs }, () => startWeb()),
		...Array.from({ length: options.workers }, () => startWorker()),
	])
	const failed = starts.find((start) => start.status === 'rejected')
	if (failed) {
		// A fleet that never came up leaves no process and no folder behind.
		await stop()
		throw failed.reason
	}

	return {
		dir,
		databaseUrl,
		env,
		sql,
		vendor,
		processes,
		peaks,
		/** CPU seconds used so far by each kind of process (Rendo's, PostgreSQL, s3rver, the vendor's model, the CLI), read now. */
		cpuSeconds() {
			cpu.sample()
			return cpu.totals()
		},
		startWeb,
		startWorker,
		webs: () => processes.filter((p) => p.name.startsWith('web-') && isRunning(p)),
		workers: () => processes.filter((p) => p.name.startsWith('worker-') && isRunning(p)),
		/** `kill -9`, as a machine that loses power. */
		async killHard(p: FleetProcess) {
			p.child.kill('SIGKILL')
			await p.exited
		},
		/** A deploy's step: a new process of the same kind started, then the old one stopped with SIGTERM. */
		async replace(p: FleetProcess) {
			const next = p.name.startsWith('web-') ? await startWeb() : await startWorker()
			await stopChild(p.child)
			return next
		},
		/** PostgreSQL's fast shutdown (SIGINT: sessions ended, in-flight transactions rolled back), as a minor upgrade or a failover does. */
		async stopPostgres() {
			await cluster.stop()
		},
		/** PostgreSQL back on the same folder and port, after stopPostgres. */
		async startPostgres() {
			cluster = await startEmbeddedPostgres(pgOptions)
		},
		/** The object store gone (s3rver stopped: connections refused), its objects kept on disk. */
		async stopStorage() {
			await stopChild(s3.child)
		},
		/** The object store back with the same objects on the same address, after stopStorage. */
		async startStorage() {
			s3 = await startS3()
		},
		/** `rendo …` against the fleet's database and bucket, as an operator runs it. */
		rendo(args: string[]) {
			return runRendo(args, { env: { ...env, DATA_DIR: path.join(dir, 'cli') } })
		},
		/** The text of a process's /metrics (the web's own port, the worker's METRICS_PORT). */
		async scrape(p: FleetProcess) {
			const response = await fetch(`${p.url}/metrics`)
			if (!response.ok) throw new Error(`${p.name} /metrics: ${response.status}`)
			return response.text()
		},
		stop,
	}
}

export type Fleet = Awaited<ReturnType<typeof startFleet>>

/**
 * The CPU time of every process of the fleet and beside it, by kind, from /proc: the fleet's own by
 * name (web, worker), the rest by command line (PostgreSQL's backends, s3rver, the vendor's model,
 * `rendo` runs). A process's last reading is kept after it exits, so killed and replaced processes
 * count too.
 */
class CpuByKind {
	private readonly ticks = new Map<number, { kind: string; ticks: number }>()
	constructor(private readonly processes: FleetProcess[]) {}

	sample() {
		const named = new Map(this.processes.map((p) => [p.child.pid!, p.name.replace(/-\d+$/, '')]))
		for (const entry of fs.readdirSync('/proc')) {
			const pid = Number(entry)
			if (!pid || pid === process.pid) continue
			const kind = named.get(pid) ?? this.ticks.get(pid)?.kind ?? kindOf(pid)
			if (!kind) continue
			const ticks = cpuTicks(pid)
			if (ticks !== undefined) this.ticks.set(pid, { kind, ticks })
		}
	}

	totals() {
		const totals: Record<string, number> = {}
		for (const { kind, ticks } of this.ticks.values()) totals[kind] = (totals[kind] ?? 0) + ticks / 100
		const own = process.cpuUsage()
		totals['bench (clients, balancer)'] = (own.user + own.system) / 1e6
		return totals
	}
}

function kindOf(pid: number) {
	try {
		const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
		if (/(^|\/)postgres(:|$)/.test(cmdline.split('\0')[0])) return 'postgres'
		if (cmdline.includes('fleet-s3rver')) return 's3rver'
		if (cmdline.includes('fleet-vendor')) return 'vendor model'
		if (cmdline.includes('cli/bin.js')) return 'rendo cli'
	} catch {}
	return undefined
}

/** utime + stime in clock ticks (100 a second on Linux), from /proc/<pid>/stat. */
function cpuTicks(pid: number) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
		return Number(fields[11]) + Number(fields[12])
	} catch {
		return undefined
	}
}

const isRunning = (p: FleetProcess) => p.child.exitCode === null && p.child.signalCode === null

function rssMb(pid: number) {
	try {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
		return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024
	} catch {
		return 0
	}
}

/** Sums a counter or gauge over its labelled series in Prometheus text, optionally only those with `labels`. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}) {
	let sum = 0
	for (const line of text.split('\n')) {
		if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
		if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue
		sum += Number(line.slice(line.lastIndexOf(' ') + 1))
	}
	return sum
}

/** A TypeScript child serving on loopback, with the address its `ready` line gives; stopped again when that line never comes. */
async function serving(name: string, args: string[], ready: RegExp) {
	const child = await startChild(name, ['--import', 'tsx', ...args], {})
	try {
		return { child, url: await lineOf(child, ready) }
	} catch (error) {
		await stopChild(child)
		throw error
	}
}
