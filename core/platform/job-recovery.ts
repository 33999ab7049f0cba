import type pg from 'pg'
import { config } from './config.ts'
import { dedicatedClient, pool } from './db.ts'
import { logger } from './logger.ts'

/**
 * graphile-worker 0.17 leaves a job locked for four hours when the process running it dies
 * (kill -9, OOM, power loss). Every pool here beats a heartbeat row; every worker process sweeps
 * for jobs locked by a pool whose heartbeat stopped and hands them back with graphile-worker's
 * own force_unlock_workers. A job is only unlocked once its lock is older than the staleness
 * window too, so a pool that has just started (and not yet beaten) keeps its jobs. With several
 * worker processes, each keeps only its own pools alive: a crash never steals live jobs.
 *
 * Sizing: a beat every second, stale after JOB_STALE_AFTER_MS (6 s), so a dead process's jobs are
 * taken over within the window, a beat and graphile-worker's one-second poll: 8 s at most. A live
 * process loses its jobs only if it could not beat for the whole window: the beat has a connection
 * of its own (it never queues behind a busy pool), and CPU work runs off the event loop (sharp's
 * threads, the preview's worker threads).
 */

type Queryable = Pick<pg.ClientBase, 'query'>

export async function beat(poolIds: string[], client: Queryable = pool) {
	if (!poolIds.length) return
	await client.query(
		`insert into job_pool_heartbeats (pool_id) select unnest($1::text[])
		on conflict (pool_id) do update set seen_at = now()`,
		[poolIds],
	)
}

export async function forget(poolIds: string[], client: Queryable = pool) {
	await client.query('delete from job_pool_heartbeats where pool_id = any($1::text[])', [poolIds])
}

/** A live pool beats several times within the staleness window. */
export const heartbeatInterval = () => Math.min(1000, config().jobs.staleAfterMs / 3)

/**
 * Unlocks the jobs of dead pools; answers which pools they were. `ownPools` are never taken: a
 * process that runs this is alive, even when a stall of its event loop delayed its own beat.
 */
export async function unlockDeadPools(
	staleAfterMs = config().jobs.staleAfterMs,
	client: Queryable = pool,
	ownPools: string[] = [],
): Promise<string[]> {
	const stale = `${Math.round(staleAfterMs)} milliseconds`
	const { rows } = await client.query<{ locked_by: string }>(
		`select distinct locked_by from graphile_worker.jobs
		where locked_by is not null and locked_at < now() - $1::interval and locked_by <> all($2::text[])
			and locked_by not in (select pool_id from job_pool_heartbeats where seen_at > now() - $1::interval)`,
		[stale, ownPools],
	)
	const dead = rows.map((row) => row.locked_by)
	if (dead.length) {
		// Taking a job counted an attempt; its process dying is not the job's failure. Without giving
		// it back, a job in hand at five kills would never run again and its request would hang. A
		// job that add_job replaced while it ran (key cleared, attempts at the maximum) stays retired:
		// its successor carries the work, and running both would run one step twice.
		await client.query(
			`update graphile_worker._private_jobs
			set attempts = case when key is null and attempts >= max_attempts then attempts else greatest(attempts - 1, 0) end,
				locked_at = null, locked_by = null
			where locked_by = any($1::text[])`,
			[dead],
		)
		await client.query('select graphile_worker.force_unlock_workers($1::text[])', [dead])
		logger.warn({ pools: dead }, 'unlocked the jobs of job pools that stopped (a killed process)')
	}
	await client.query(`delete from job_pool_heartbeats where seen_at < now() - interval '1 day'`)
	return dead
}

/**
 * Beats for this process's pools and sweeps for dead ones, every heartbeatInterval(), on a
 * connection of its own (opened again after a database restart). Stopping forgets the pools, so
 * their jobs are never mistaken for a dead process's while the process shuts down cleanly.
 */
export function startHeartbeat(poolIds: () => string[]) {
	let client: pg.Client | undefined
	let running: Promise<void> = Promise.resolve()
	const tick = async () => {
		try {
			client ??= await dedicatedClient()
			await beat(poolIds(), client)
			await unlockDeadPools(undefined, client, poolIds())
		} catch (error) {
			logger.warn({ err: error }, 'job heartbeat failed')
			client?.end().catch(() => {})
			client = undefined
		}
	}
	const timer = setInterval(() => {
		running = running.then(tick)
	}, heartbeatInterval())
	timer.unref()
	running = tick()
	return {
		/** The first beat, so a caller can wait until its pools are known to be alive. */
		started: running,
		async stop() {
			clearInterval(timer)
			await running
			await forget(poolIds(), client ?? pool).catch(() => {})
			await client?.end().catch(() => {})
		},
	}
}
