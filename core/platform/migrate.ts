import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { runMigrations } from 'graphile-worker'
import pg from 'pg'
import { ConfigError } from './config.ts'

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations')

// One key for the migration and the start-up check: a check waits while a migration runs.
const MIGRATION_LOCK = `hashtext('rendo:migrate')`

/** Applies the app's SQL migrations and graphile-worker's own schema; safe to run on every start. */
export async function migrateDatabase(connectionString: string) {
	const pool = new pg.Pool({ connectionString, max: 1 })
	// An idle client dropped by the server is replaced on next use; nothing to do but not crash.
	pool.on('error', () => {})
	pool.on('connect', (client) => client.on('error', () => {}))
	try {
		// One connection (max: 1) holds a session lock, so processes starting together migrate in turn.
		await pool.query(`select pg_advisory_lock(${MIGRATION_LOCK})`)
		await migrate(drizzle(pool), { migrationsFolder })
		await runMigrations({ pgPool: pool })
		await pool.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`)
	} finally {
		await pool.end()
	}
}

let latest: number | undefined
/**
 * When the code's newest migration was written (its journal's `when`): Drizzle records it as the
 * applied row's created_at, so a database whose newest row is older is behind the code.
 */
export function latestMigrationMillis() {
	latest ??= Math.max(...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis))
	return latest
}

/** A process started on a database older than its code: it stops with this one line. */
export class SchemaBehindError extends ConfigError {
	name = 'SchemaBehindError'
}

/**
 * Refuses a database whose schema is behind this code: the newest applied migration is older
 * than the code's newest, or graphile-worker's schema is missing. It takes the migration lock
 * shared for its transaction, so a check made while `rendo db migrate` runs waits for it and reads
 * the result, never a schema half-way. A schema ahead of the code passes (a rolling deploy's older processes).
 */
export async function assertSchemaCurrent(connectionString: string) {
	const client = new pg.Client({ connectionString })
	client.on('error', () => {})
	await client.connect()
	try {
		// Transaction-scoped, so nothing is left held on a server connection a pooler (PgBouncer in
		// transaction mode) hands on to someone else; read committed, so the reads after the wait see
		// what the migration committed.
		await client.query('begin isolation level read committed read only')
		await client.query(`select pg_advisory_xact_lock_shared(${MIGRATION_LOCK})`)
		const { rows } = await client.query<{ drizzle: string | null; worker: string | null }>(
			`select to_regclass('drizzle.__drizzle_migrations')::text as drizzle, to_regclass('graphile_worker.jobs')::text as worker`,
		)
		let applied = 0
		if (rows[0].drizzle) {
			const latest = await client.query<{ latest: string | null }>(
				'select max(created_at)::text as latest from drizzle.__drizzle_migrations',
			)
			applied = Number(latest.rows[0].latest ?? 0)
		}
		await client.query('commit')
		const missing = journal().filter((entry) => entry.when > applied)
		if (missing.length || !rows[0].worker) {
			const newest = missing.at(-1)?.tag
			const what =
				missing.length > 1
					? `${missing.length} migrations, up to ${newest}, not applied`
					: missing.length === 1
						? `migration ${newest} not applied`
						: "the job queue's schema missing"
			throw new SchemaBehindError(
				`The database is behind this code (${what}): run \`rendo db migrate\` with this release, then start again`,
			)
		}
	} finally {
		await client.end().catch(() => {})
	}
}

/** The code's migrations, oldest first, as drizzle-kit's journal lists them. */
function journal(): { tag: string; when: number }[] {
	return JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')).entries
}

/** Creates the database named in the URL when the cluster does not have it yet. */
export async function ensureDatabase(connectionString: string) {
	const url = new URL(connectionString)
	const name = decodeURIComponent(url.pathname.slice(1))
	url.pathname = '/postgres'
	const client = new pg.Client({ connectionString: url.toString() })
	await client.connect()
	try {
		const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
		if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`)
	} finally {
		await client.end()
	}
}
