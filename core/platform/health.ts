import { sql } from 'drizzle-orm'
import { db } from './db.ts'
import { queueResponds } from './jobs.ts'
import { workerState } from './worker-status.ts'

export type PartStatus = 'ok' | 'unavailable'

async function probe(check: () => Promise<unknown>, ms = 2_000): Promise<PartStatus> {
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)))
	try {
		await Promise.race([check(), timeout])
		return 'ok'
	} catch {
		return 'unavailable'
	} finally {
		clearTimeout(timer)
	}
}

/** Whether the database and the job queue respond; names parts only, never details or secrets. */
export async function checkHealth() {
	const [database, queue] = await Promise.all([probe(() => db.execute(sql`select 1`)), probe(() => queueResponds(db))])
	const jobs: PartStatus = queue === 'ok' && workerState() !== 'crashed' ? 'ok' : 'unavailable'
	return { ok: database === 'ok' && jobs === 'ok', database, jobs }
}
