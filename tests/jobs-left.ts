import type pg from 'pg'

/**
 * What a wait for renders that never came needs to be read: each render's state, and each job
 * left with its task, attempts, lock, time to run and last error.
 */
export async function rendersAndJobsLeft(sql: Pick<pg.Pool, 'query'>) {
	const jobs = await sql.query(
		`select task_identifier as task, attempts, locked_by is not null as locked,
			round(extract(epoch from run_at - now())) as "runsInS", left(last_error, 120) as "lastError"
		from graphile_worker.jobs order by run_at`,
	)
	const renders = await sql.query<{ state: string }>('select state from staging_renders order by created_at')
	return `renders: ${JSON.stringify(renders.rows.map((r) => r.state))}, jobs: ${JSON.stringify(jobs.rows)}`
}
