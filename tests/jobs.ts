import { Logger, runOnce } from 'graphile-worker'
import { pool } from '#core/platform/db.ts'
import { taskList } from '#worker/tasks.ts'

const silentLogger = new Logger(() => () => {})

/** Runs every job that is due now, in this process, then returns: deterministic tests of job work. */
export async function drainJobs() {
	await runOnce({ pgPool: pool, taskList, noHandleSignals: true, logger: silentLogger })
}
