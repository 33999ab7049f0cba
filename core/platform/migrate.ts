import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { runMigrations } from 'graphile-worker'
import pg from 'pg'

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations')

/** Applies the app's SQL migrations and graphile-worker's own schema; safe to run on every start. */
export async function migrateDatabase(connectionString: string) {
	const pool = new pg.Pool({ connectionString, max: 1 })
	// An idle client dropped by the server is replaced on next use; nothing to do but not crash.
	pool.on('error', () => {})
	pool.on('connect', (client) => client.on('error', () => {}))
	try {
		// One connection (max: 1) holds a session lock, so processes starting together migrate in turn.
		await pool.query(`select pg_advisory_lock(hashtext('rendo:migrate'))`)
		await migrate(drizzle(pool), { migrationsFolder })
		await runMigrations({ pgPool: pool })
		await pool.query(`select pg_advisory_unlock(hashtext('rendo:migrate'))`)
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
