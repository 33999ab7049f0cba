import { Logger, runOnce } from 'graphile-worker'
import { pool } from '#core/platform/db.ts'
import { provideTelegramGateway } from '#core/telegram/gateway.ts'
import { taskList } from '#worker/tasks.ts'
import { telegramGateway } from '#bot/telegram-gateway.ts'

// Tests run the jobs in their own process, with the bot door's gateway as the entries provide it.
provideTelegramGateway(telegramGateway)

const silentLogger = new Logger(() => () => {})

/**
 * Without a batcher, graphile-worker 0.17 does not await the write that completes (deletes) or
 * fails a job it ran (dist/worker.js: `completeJob(job)`), so runOnce can return with it still
 * pending and a test reading graphile_worker.jobs right after sees a finished job (CI did, once).
 * With batching on, even at 0 ms, the pool flushes those writes before its promise settles.
 */
const SETTLED_WRITES = { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } }

/**
 * Runs every job that is due now, in this process, then returns: deterministic tests of job work.
 * `only`: just these tasks' jobs, as a pool that runs only them would.
 */
export async function drainJobs({ only }: { only?: string[] } = {}) {
	const tasks = only ? Object.fromEntries(only.map((task) => [task, taskList[task]])) : taskList
	await runOnce({ pgPool: pool, taskList: tasks, noHandleSignals: true, logger: silentLogger, preset: SETTLED_WRITES })
}

/** Brings the job of this key forward to now: a render's next look, say, without its wait. */
export async function runJobNow(key: string) {
	await pool.query(
		'select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where key = $1), run_at => now())',
		[key],
	)
}

/**
 * Runs jobs until none is left, bringing forward the ones that wait (a deferred render's next
 * look at the vendor, a 429 waited out): a whole staging pipeline, deterministically, in this
 * process. Jobs that have used up their attempts are left where they are.
 */
export async function settleJobs({ maxRounds = 100 } = {}) {
	for (let round = 0; round < maxRounds; round++) {
		await drainJobs()
		const { rows } = await pool.query<{ waiting: number }>(
			'select count(*)::int as waiting from graphile_worker.jobs where attempts < max_attempts',
		)
		if (rows[0].waiting === 0) return round
		await pool.query(
			'select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where locked_at is null), run_at => now())',
		)
	}
	throw new Error(`jobs were still waiting after ${maxRounds} rounds`)
}
