import os from 'node:os'
import { Logger, run, type Runner } from 'graphile-worker'
import { config } from '#core/platform/config.ts'
import { pool } from '#core/platform/db.ts'
import { logger } from '#core/platform/logger.ts'
import { setWorkerState } from '#core/platform/worker-status.ts'
import { parsedCronItems } from './cron.ts'
import { taskList } from './tasks.ts'

// graphile-worker's own lines go through pino like everything else.
const workerLogger = new Logger((scope) => (level, message, meta) =>
	logger[level === 'warning' ? 'warn' : level]({ ...scope, ...meta }, message),
)

/** Starts graphile-worker on the app's pool; the caller owns signals and shutdown. */
export async function startWorker(): Promise<Runner> {
	const runner = await run({
		pgPool: pool,
		taskList,
		// Rendering is CPU-bound: one job per core keeps the first result fast.
		concurrency: config().jobs.concurrency ?? os.availableParallelism(),
		noHandleSignals: true,
		logger: workerLogger,
		// Recurring work is declared in code (worker/cron.ts), never read from a crontab file.
		parsedCronItems,
		pollInterval: 1000,
	})
	setWorkerState('running')
	runner.promise.then(
		() => setWorkerState('off'),
		(error) => {
			setWorkerState('crashed')
			logger.error({ err: error }, 'worker stopped')
		},
	)
	runner.events.on('job:success', ({ job }) => logger.info({ job: job.task_identifier, id: job.id }, 'job done'))
	runner.events.on('job:error', ({ job, error }) =>
		logger.error({ job: job.task_identifier, id: job.id, err: error }, 'job failed'),
	)
	return runner
}
