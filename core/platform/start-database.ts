import { config } from './config.ts'
import { startEmbeddedPostgres } from './embedded-postgres.ts'
import { assertSchemaCurrent, ensureDatabase, migrateDatabase } from './migrate.ts'
import { localSecrets } from './secrets.ts'

const EMBEDDED_DATABASE = 'rendo'

/**
 * Makes DATABASE_URL point at a migrated database before anything queries (the client reads it
 * on first use): the configured one, or the embedded cluster in the data folder (started, or
 * shared with the Rendo process already running it). Call it first in every entry point.
 *
 * The embedded database is migrated here. A configured one is migrated by `rendo db migrate`
 * (`migrate: true`) or, with MIGRATE_ON_START, by whichever process starts first (the others wait
 * on the migration lock); otherwise a schema behind the code stops the start with one line that
 * says to run `rendo db migrate` (SchemaBehindError, a ConfigError).
 */
export async function startDatabase({
	onLog,
	migrate = false,
}: {
	onLog?: (line: string) => void
	migrate?: boolean
} = {}) {
	const c = config()
	if (c.databaseUrl) {
		if (migrate || c.migrateOnStart) await migrateDatabase(c.databaseUrl)
		else await assertSchemaCurrent(c.databaseUrl)
		process.env.DATABASE_URL = c.databaseUrl
		return { embedded: false, stop: async () => {} }
	}
	const pg = await startEmbeddedPostgres({
		dir: c.embeddedPg.dir,
		port: c.embeddedPg.port,
		password: localSecrets(c.dataDir).pgPassword,
		onLog,
	})
	const url = pg.url(EMBEDDED_DATABASE)
	await ensureDatabase(url)
	await migrateDatabase(url)
	process.env.DATABASE_URL = url
	return { embedded: true, stop: pg.stop }
}
