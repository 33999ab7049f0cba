import { sql } from 'drizzle-orm'
import type { Tx } from './db.ts'

export interface JobOptions {
	/** One job per unit of work: adding a job with the same key replaces the pending one. */
	jobKey?: string
	priority?: number
	maxAttempts?: number
	runAt?: Date
}

/** Queues a graphile-worker job inside the caller's transaction, so it exists only if the rows do. */
export async function addJob(tx: Tx, task: string, payload: object, opts: JobOptions = {}) {
	await tx.execute(sql`select graphile_worker.add_job(
		${task},
		${JSON.stringify(payload)}::json,
		job_key => ${opts.jobKey ?? null}::text,
		priority => ${opts.priority ?? null}::int,
		max_attempts => ${opts.maxAttempts ?? null}::int,
		run_at => ${opts.runAt?.toISOString() ?? null}::timestamptz
	)`)
}

/** Answers whether the queue's schema responds; used by /health. */
export async function queueResponds(tx: Tx) {
	await tx.execute(sql`select 1 from graphile_worker.jobs limit 1`)
}
