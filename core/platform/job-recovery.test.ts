import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { db, pool } from './db.ts'
import { beat, unlockDeadPools } from './job-recovery.ts'

/** A queued job, locked by `poolId` `lockedSecondsAgo` seconds ago, as a running worker would hold it. */
async function lockedJob(poolId: string, lockedSecondsAgo: number) {
	const { rows } = await pool.query<{ id: string }>(
		`select id from graphile_worker.add_job('send_mail', '{}'::json, job_key => $1)`,
		[`recovery-test-${poolId}`],
	)
	await pool.query(
		`update graphile_worker._private_jobs set locked_by = $1, locked_at = now() - make_interval(secs => $2) where id = $3`,
		[poolId, lockedSecondsAgo, rows[0].id],
	)
	return rows[0].id
}

async function lockOf(id: string) {
	const { rows } = await db.execute<{ locked_by: string | null }>(
		sql`select locked_by from graphile_worker.jobs where id = ${id}`,
	)
	return rows[0].locked_by
}

test('jobs of a pool that stopped beating are handed back; live pools and fresh locks keep theirs', async () => {
	const dead = await lockedJob('pool-dead', 120)
	const alive = await lockedJob('pool-alive', 120)
	const justStarted = await lockedJob('pool-new', 1)
	await beat(['pool-alive'])

	expect(await unlockDeadPools(30_000)).toEqual(['pool-dead'])
	expect(await lockOf(dead)).toBeNull()
	expect(await lockOf(alive)).toBe('pool-alive')
	// A pool that has only just locked its first job may not have beaten yet: its lock is young.
	expect(await lockOf(justStarted)).toBe('pool-new')
})

test('a heartbeat that went quiet counts as dead once it is older than the window', async () => {
	const job = await lockedJob('pool-quiet', 120)
	await beat(['pool-quiet'])
	await db.execute(
		sql`update job_pool_heartbeats set seen_at = now() - interval '2 minutes' where pool_id = 'pool-quiet'`,
	)
	expect(await unlockDeadPools(30_000)).toContain('pool-quiet')
	expect(await lockOf(job)).toBeNull()
})

test("a process never takes its own pools' jobs, even when its own beat is late", async () => {
	const job = await lockedJob('pool-mine', 120)
	expect(await unlockDeadPools(30_000, pool, ['pool-mine'])).not.toContain('pool-mine')
	expect(await lockOf(job)).toBe('pool-mine')
})

test('a job taken back from a dead process gets back the attempt its taking counted', async () => {
	const job = await lockedJob('pool-killed', 120)
	await pool.query('update graphile_worker._private_jobs set attempts = 5, max_attempts = 5 where id = $1', [job])
	await unlockDeadPools(30_000)
	const { rows } = await pool.query('select attempts, locked_by from graphile_worker.jobs where id = $1', [job])
	expect(rows[0]).toEqual({ attempts: 4, locked_by: null })
})

test('a job that add_job replaced while it ran stays retired when its dead process is swept', async () => {
	const job = await lockedJob('pool-replaced', 120)
	// What graphile-worker's add_job does to a running job whose key is asked for again.
	await pool.query('update graphile_worker._private_jobs set key = null, attempts = max_attempts where id = $1', [job])
	await unlockDeadPools(30_000)
	const { rows } = await pool.query(
		'select attempts, max_attempts, locked_by from graphile_worker.jobs where id = $1',
		[job],
	)
	expect(rows[0].attempts).toBe(rows[0].max_attempts)
	expect(rows[0].locked_by).toBeNull()
})
