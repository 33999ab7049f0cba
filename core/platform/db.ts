import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from '#db/schema/index.ts'
import { config } from './config.ts'

function databaseUrl() {
	// The embedded starter sets DATABASE_URL once its cluster is up, before this module loads.
	const url = process.env.DATABASE_URL
	if (!url) throw new Error('DATABASE_URL is not set: start through the app, CLI or worker entry points')
	return url
}

export const pool = new pg.Pool({ connectionString: databaseUrl(), max: config().databasePoolSize })
// An idle client dropped by the server (restart, failover) must not crash the process.
pool.on('error', (error) => console.error('database pool: idle client error', error.message))
pool.on('connect', (client) => client.on('error', (error) => console.error('database client error', error.message)))
export const db = drizzle(pool, { schema })
export type Db = typeof db
/** A transaction or the database itself: services accept either so callers can compose them. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

export async function closeDb() {
	await pool.end()
}
