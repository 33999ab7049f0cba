import { EventEmitter } from 'node:events'
import { Logger, run, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker'
import { config } from '#core/platform/config.ts'
import { poolWaitingForDatabase } from '#core/platform/db.ts'
import { startHeartbeat } from '#core/platform/job-recovery.ts'
import { logger } from '#core/platform/logger.ts'
import { waitingOutStorageOutages } from '#core/platform/storage/waiting-out-outages.ts'
import { metrics } from '#core/platform/metrics.ts'
import { setWorkerState } from '#core/platform/worker-status.ts'
import { parsedCronItems } from './cron.ts'
import { splitTaskList } from './tasks.ts'

// graphile-worker's own lines go through pino like everything else.
const workerLogger = new Logger(
	(scope) => (level, message, meta) => logger[level === 'warning' ? 'warn' : level]({ ...scope, ...meta }, message),
)

/** What the caller stops: every pool, and the heartbeat that keeps their jobs theirs. */
export interface Worker {
	stop(): Promise<void>
	promise: Promise<void>
}

/**
 * Starts graphile-worker on the app's pool; the caller owns signals and shutdown. One pool runs
 * CPU work at one job per core; with a remote staging vendor a second pool runs its renders at
 * RENDER_CONCURRENCY (they wait on the network, not the CPU). Both beat a heartbeat, and every
 * heartbeat this process hands back the jobs of pools that died (core/platform/job-recovery.ts).
 */
export async function startWorker(): Promise<Worker> {
	const { jobs, render, cpuSlots } = config()
	const tasks = splitTaskList(render.provider !== 'local')
	const poolIds: string[] = []
	// The CPU pool runs the recurring work; the vendor pool fetches through a local queue (below).
	const start = async (taskList: TaskList, concurrency: number, kind: 'cpu' | 'vendor') => {
		const events: WorkerEvents = new EventEmitter()
		events.on('pool:create', ({ workerPool }) => poolIds.push(workerPool.id))
		events.on('job:success', ({ job }) => logger.info({ job: job.task_identifier, id: job.id }, 'job done'))
		events.on('job:error', ({ job, error }) =>
			logger.error({ job: job.task_identifier, id: job.id, err: error }, 'job failed'),
		)
		recordJobFigures(events)
		return run({
			pgPool: poolWaitingForDatabase,
			events,
			taskList: waitingOutStorage(taskList),
			concurrency,
			noHandleSignals: true,
			logger: workerLogger,
			// Recurring work is declared in code (worker/cron.ts), never read from a crontab file.
			parsedCronItems: kind === 'cpu' ? parsedCronItems : [],
			// A render's next look at the vendor is a job for later, found at the pool's next poll: the
			// vendor pool looks four times a second (one query each, with its local queue), so an agent
			// waits at most a quarter second more for a finished render.
			pollInterval: kind === 'vendor' ? 250 : 1000,
			// The vendor pool runs RENDER_CONCURRENCY jobs, each a short call: without a local queue
			// each of its idle workers polls by itself, so three worker processes asked PostgreSQL for
			// jobs about 150 times a second for nothing (most of the fleet bench's database load). The
			// pool fetches for them instead, a batch at a time. Jobs in the batch are locked by the
			// pool's id, so a killed process's are handed back like any other (job-recovery.ts). The
			// CPU pool keeps fetching one job at a time: a batch would hold an import's deliveries
			// ahead of an agent's that arrives after it.
			...(kind === 'vendor' && { preset: { worker: { localQueue: { size: concurrency } } } }),
		})
	}
	// Twice the CPU slots: a job fetching or storing overlaps another's fitting, and an agent's
	// images can take the next slot ahead of an import's (core/staging/fit.ts) without waiting
	// for a whole import job to end.
	const runners: Runner[] = [await start(tasks.cpu, jobs.concurrency ?? 2 * cpuSlots, 'cpu')]
	if (tasks.provider) runners.push(await start(tasks.provider, render.concurrency, 'vendor'))
	const heartbeat = startHeartbeat(() => poolIds)
	await heartbeat.started

	setWorkerState('running')
	const promise = Promise.all(runners.map((runner) => runner.promise)).then(() => undefined)
	promise.then(
		() => setWorkerState('off'),
		(error) => {
			setWorkerState('crashed')
			logger.error({ err: error }, 'worker stopped')
		},
	)
	return {
		promise,
		async stop() {
			await Promise.all(runners.map((runner) => runner.stop()))
			await heartbeat.stop()
		},
	}
}

/** How long a job waits for an unreachable object store before it fails (and is retried later). */
const STORAGE_PATIENCE_MS = 120_000

/** Every task's storage calls wait out an outage of the object store: a delivery waits, it does not fail. */
function waitingOutStorage(taskList: TaskList): TaskList {
	return Object.fromEntries(
		Object.entries(taskList).map(([name, task]) => [
			name,
			(payload, helpers) => waitingOutStorageOutages(STORAGE_PATIENCE_MS, () => task!(payload, helpers)),
		]),
	)
}

/** Each attempt's run time by task and outcome, and the jobs that failed for good, from graphile-worker's events. */
function recordJobFigures(events: WorkerEvents) {
	const started = new Map<string, number>()
	events.on('job:start', ({ job }) => started.set(job.id, performance.now()))
	events.on('job:complete', ({ job, error }) => {
		const at = started.get(job.id)
		started.delete(job.id)
		if (at === undefined) return
		const outcome = error === undefined || error === null ? 'ok' : 'error'
		metrics.jobDuration.observe({ task: job.task_identifier, outcome }, (performance.now() - at) / 1000)
	})
	events.on('job:failed', ({ job }) => metrics.jobsFailed.inc({ task: job.task_identifier }))
}
