import { once } from 'node:events'
import { startDatabase } from '#core/platform/start-database.ts'

let started: Awaited<ReturnType<typeof startDatabase>> | undefined

/**
 * Commands that touch data call this first: it points DATABASE_URL at the configured database,
 * or shares the embedded cluster of a running app (starting it only when nothing runs).
 */
export async function useDatabase() {
	started ??= await startDatabase()
}

export async function stopCliDatabase() {
	if (!started) return
	const { closeDb, pool } = await import('#core/platform/db.ts')
	// pool.end() resolves before its idle connections have said goodbye; stopping an embedded
	// cluster under them makes each one log "terminating connection". Wait for them first.
	const connections = pool.totalCount
	const gone = (async () => {
		for (let n = 0; n < connections; n++) await once(pool, 'remove')
	})()
	await closeDb()
	await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 2000).unref())])
	await started.stop()
}
