import { startDatabase } from '#core/platform/start-database.ts'

let started: Awaited<ReturnType<typeof startDatabase>> | undefined

/**
 * Commands that touch data call this first: it points DATABASE_URL at the configured database,
 * or shares the embedded cluster of a running app (starting it only when nothing runs). A
 * configured database behind the code is refused unless `migrate` (`rendo db migrate`) is asked.
 */
export async function useDatabase({ migrate = false }: { migrate?: boolean } = {}) {
	started ??= await startDatabase({ migrate })
}

export async function stopCliDatabase() {
	if (!started) return
	// Loaded here, not at the top, so `rendo --help` and usage errors never load the client and
	// schema. closeDb() waits for the connections to close before the cluster stops under them.
	const { closeDb } = await import('#core/platform/db.ts')
	await closeDb()
	await started.stop()
}
