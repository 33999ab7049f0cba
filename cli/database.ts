import type { startDatabase } from '#core/platform/start-database.ts'

let started: Awaited<ReturnType<typeof startDatabase>> | undefined

/**
 * Commands that touch data call this first: it points DATABASE_URL at the configured database,
 * or shares the embedded cluster of a running app (starting it only when nothing runs). A
 * configured database behind the code is refused unless `migrate` (`rendo db migrate`) is asked.
 * The database's modules (the embedded cluster, the migrator, the client: ~0.4 s of every start-up)
 * load here, so `--help`, usage errors and the commands that go over the API never load them.
 */
export async function useDatabase({ migrate = false }: { migrate?: boolean } = {}) {
	const { startDatabase } = await import('#core/platform/start-database.ts')
	started ??= await startDatabase({ migrate })
}

export async function stopCliDatabase() {
	if (!started) return
	// closeDb() waits for the connections to close before the cluster stops under them.
	const { closeDb } = await import('#core/platform/db.ts')
	await closeDb()
	await started.stop()
}
