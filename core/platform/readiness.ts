import type { ServerResponse } from 'node:http'
import { pool } from './db.ts'
import { latestMigrationMillis } from './migrate.ts'

let draining = false

/** From now on this process answers not ready: a signal asked it to stop, and balancers should look elsewhere. */
export function startDraining() {
	draining = true
}

export type Readiness =
	| { ready: true }
	| { ready: false; reason: 'draining' | 'database unreachable' | 'schema behind' }

/**
 * Whether this process should be sent work: it is not draining, the database answers within 2 s,
 * and the schema is at least the code's newest migration. A schema ahead of the code (a newer
 * release migrated while this one still runs, in a rolling deploy) is ready: migrations add, so the
 * older code still runs on it.
 */
export async function checkReadiness(): Promise<Readiness> {
	if (draining) return { ready: false, reason: 'draining' }
	let timer: NodeJS.Timeout | undefined
	try {
		const query = pool.query<{ latest: string | null }>(
			'select max(created_at)::text as latest from drizzle.__drizzle_migrations',
		)
		const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), 2_000)))
		const { rows } = await Promise.race([query, timeout])
		if (draining) return { ready: false, reason: 'draining' }
		return Number(rows[0]?.latest ?? 0) >= latestMigrationMillis()
			? { ready: true }
			: { ready: false, reason: 'schema behind' }
	} catch (error) {
		// No migrations table at all is a schema behind, not a database down.
		if ((error as { code?: string }).code === '42P01') return { ready: false, reason: 'schema behind' }
		return { ready: false, reason: 'database unreachable' }
	} finally {
		clearTimeout(timer)
	}
}

/** GET /ready: 200 `{"status":"ready"}`, or 503 with the reason. */
export async function serveReadiness(res: ServerResponse) {
	const readiness = await checkReadiness()
	res.writeHead(readiness.ready ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
	res.end(JSON.stringify(readiness.ready ? { status: 'ready' } : { status: 'not ready', reason: readiness.reason }))
}
