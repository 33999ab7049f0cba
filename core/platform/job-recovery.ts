import { lt, sql } from 'drizzle-orm'
import { jobPoolHeartbeats } from '#db/schema/staging.ts'
import { config } from './config.ts'
import { db, pool } from './db.ts'
import { logger } from './logger.ts'

/**
 * graphile-worker 0.17 leaves a job locked for four hours when the process running it dies
 * (kill -9, OOM, power loss). Every pool here beats a heartbeat row; every worker process sweeps
 * for jobs locked by a pool whose heartbeat stopped and hands them back with graphile-worker's
 * own force_unlock_workers. A job is only unlocked once its lock is older than the staleness
 * window too, so a pool that has just started (and not yet beaten) keeps its jobs. With several
 * worker processes, each keeps only its own pools alive: a crash never steals live jobs.
 */

export async function beat(poolIds: string[]) {
	if (!poolIds.length) return
	await db
		.insert(jobPoolHeartbeats)
		.values(poolIds.map((poolId) => ({ poolId })))
		.onConflictDoUpdate({ target: jobPoolHeartbeats.poolId, set: { seenAt: sql`now()` } })
}

export async function forget(poolIds: string[]) {
	for (const poolId of poolIds) await db.delete(jobPoolHeartbeats).where(sql`${jobPoolHeartbeats.poolId} = ${poolId}`)
}

/** A live pool beats three times within the staleness window. */
export const heartbeatInterval = () => config().jobs.staleAfterMs / 3

/** Unlocks the jobs of dead pools; answers which pools they were. */
export async function unlockDeadPools(staleAfterMs = config().jobs.staleAfterMs): Promise<string[]> {
	const stale = `${Math.round(staleAfterMs)} milliseconds`
	const { rows } = await db.execute<{ locked_by: string }>(sql`
		select distinct locked_by from graphile_worker.jobs
		where locked_by is not null and locked_at < now() - ${stale}::interval
			and locked_by not in (select pool_id from job_pool_heartbeats where seen_at > now() - ${stale}::interval)`)
	const dead = rows.map((row) => row.locked_by)
	if (dead.length) {
		await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [dead])
		logger.warn({ pools: dead }, 'unlocked the jobs of job pools that stopped (a killed process)')
	}
	await db.delete(jobPoolHeartbeats).where(lt(jobPoolHeartbeats.seenAt, sql`now() - interval '1 day'`))
	return dead
}
